/**
 * Type-level configuration of fvtt-types for The Smoke. Read only by `npm run typecheck` (tsconfig.json includes
 * it); never shipped. This is the declaration merging into "fvtt-types/configuration" that the fvtt-types docs
 * describe, and it must stay in step with what module/the-smoke.mjs registers at runtime: the Actor document
 * class, the data models of system.json's documentTypes, the settings and the flags.
 */
import type { CharacterData, NpcData, VehicleData } from "../module/data/actors.mjs";
import type {
  AmmoData, ArmourData, BackgroundData, ConsumableData, DrugData, GearData, OutfitData, PerkData, VehicleAbilityData,
  WeaponData
} from "../module/data/items.mjs";
import type { SmokeActor } from "../module/documents/actor.mjs";
import type { SmokeCombat, SmokeCombatant } from "../module/documents/fight/combat.mjs";
import type { SmokeCombatData, SmokeCombatantData } from "../module/data/combat.mjs";
import type { CheckSnapshot } from "../module/documents/core/check.mjs";
import type { Challenge } from "../module/apps/group-checks.mjs";
import type { challengeState, teamwork } from "../module/rules/check.mjs";
import type { GaugeFlag } from "../module/documents/chase/chase.mjs";
import type { Side } from "../module/documents/fight/combat-state.mjs";
import type { RollRecord } from "../module/documents/fight/attack.mjs";

declare module "fvtt-types/configuration" {
  /** CONFIG.Actor.documentClass = SmokeActor (the-smoke.mjs, init). Items use the core Item class. */
  interface DocumentClassConfig {
    Actor: typeof SmokeActor;
    Combat: typeof SmokeCombat;
    Combatant: typeof SmokeCombatant;
  }

  /** CONFIG.Combat.documentClass = SmokeCombat for every sub-type (there is only "base"). */
  interface ConfiguredCombat<SubType extends Combat.SubType> {
    document: SmokeCombat;
  }

  /** CONFIG.Combatant.documentClass = SmokeCombatant (speed mode: initiative derived from the Combat's record). */
  interface ConfiguredCombatant<SubType extends Combatant.SubType> {
    document: SmokeCombatant;
  }

  /**
   * The same class for every sub-type, so `Actor.OfType<…>`, `Actor.Stored` and the world's `game.actors` are
   * SmokeActors too. (fvtt-types' example uses a generic `SmokeActor<SubType>`; the system's class does not vary
   * by sub-type, and a generic one would leave `this.system` unresolved inside its own methods.)
   */
  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: SmokeActor;
  }

  /** system.json documentTypes = CONFIG.Actor.dataModels (ACTOR_MODELS) and CONFIG.Item.dataModels (ITEM_MODELS). */
  interface DataModelConfig {
    Actor: {
      character: typeof CharacterData;
      npc: typeof NpcData;
      vehicle: typeof VehicleData;
    };
    Combat: {
      base: typeof SmokeCombatData;
    };
    Combatant: {
      base: typeof SmokeCombatantData;
    };
    JournalEntryPage: {
      mission: ReturnType<typeof import("../module/data/mission-page.mjs").defineMissionPage>;
    };
    Item: {
      perk: typeof PerkData;
      weapon: typeof WeaponData;
      armour: typeof ArmourData;
      ammo: typeof AmmoData;
      gear: typeof GearData;
      outfit: typeof OutfitData;
      consumable: typeof ConsumableData;
      drug: typeof DrugData;
      background: typeof BackgroundData;
      vehicleAbility: typeof VehicleAbilityData;
    };
  }

  /** game.settings.register("the-smoke", …): the-smoke.mjs and apps/group-checks.mjs. */
  interface SettingConfig {
    /** scope "client", type Boolean, default false: roll with the default choices, no dialog. */
    "the-smoke.skipRollDialog": boolean;
    /** scope "world", type Object, default null: the running progress challenge. */
    "the-smoke.challenge": Challenge | null;
    /** scope "client", type Boolean, default true: open the Combat Console when a fight starts. */
    "the-smoke.openConsole": boolean;
    /** scope "client", type Number 0–1, default 0.5: the Blower radio's own volume (documents/blower/radio.mjs). */
    "the-smoke.radioVolume": number;
    /** scope "client", type String, default "": the station the phone plays (documents/blower/radio.mjs). */
    "the-smoke.phoneStation": string;
    /** scope "world", type Object: the pause record active time is counted from (documents/core/active-time.mjs). */
    "the-smoke.activeTime": import("../module/rules/clock.mjs").PauseState;
    /** scope "client", type Object: this browser's copies of texts, by world id, then user id (documents/blower/record.mjs). */
    "the-smoke.blowerHeld": Record<string, Record<string, import("../module/documents/blower/record.mjs").Held[]>>;
    /** scope "client", type Object: before issue 24, the first GM's browser's texts by world id (read once, to seal them). */
    "the-smoke.blowerTexts": Record<string, { id?: unknown; from?: unknown; to?: unknown; text?: unknown; at?: unknown;
      readBy?: Record<string, number> }[]>;
    /** A GM store (documents/core/gm-store.mjs): the EXIT crossings under way, by id (documents/street-map/crossing.mjs). */
    "the-smoke.crossings": Record<string, import("../module/documents/street-map/crossing.mjs").CrossingRecord>;
  }

  /** The flags the system writes, all under its own scope. */
  interface FlagConfig {
    Actor: {
      "the-smoke"?: {
        /** SmokeActor#addCondition: Bruised marks counted towards Hurt, keyed `count.<condition id>`. */
        [key: `count.${string}`]: number;
        /** The catalogue path of an actor built from the compendia (tools compile: "<pack>/<key>"). */
        key?: string;
        /** A motor's own crew Wheels die (faces), for a unit nobody drives (documents/chase/chase.mjs). */
        crewWheels?: number;
        /** A motor burning outside rounds: when it explodes, ms since 1970 (0 in a fight; documents/chase/chase.mjs). */
        fireAt?: number;
        /** A street person imported for Street Control: their compendium id (documents/street/setup.mjs). */
        streetPerson?: string;
        /** A fare or a patient the GM made for a job: the job's id (documents/shifts/stages.mjs). */
        shiftJob?: string;
        /** A police unit's motor imported once for Heat: the unit's key (documents/heat/units.mjs). */
        unitKey?: string;
      };
    };
    Token: {
      "the-smoke"?: {
        /** A motor token's driving action on the chase gauge (documents/chase/chase.mjs). */
        gauge?: GaugeFlag;
        /** An occupant's token carried (hidden) by a motor (documents/vehicle/vehicle.mjs). */
        carried?: { vehicle: string; hidden: boolean };
        /** A token that crossed onto an EXIT strip: the strip's Region UUID (documents/street-map/crossing.mjs). */
        arrived?: string;
      };
    };
    JournalEntry: {
      "the-smoke"?: {
        /** The world's Missions journal, made on first use (documents/missions/author.mjs). */
        missionJournal?: boolean;
      };
    };
    Playlist: {
      "the-smoke"?: {
        /** The GM made this playlist a Blower radio station (documents/blower/radio.mjs setStation). */
        radio?: boolean;
      };
    };
    Combat: {
      "the-smoke"?: {
        /** The round at whose end the chase ended (everyone wanted beyond 30 squares; documents/chase/chase.mjs). */
        chaseOver?: number;
      };
    };
    Combatant: {
      "the-smoke"?: {
        /** The GM's chase role for this combatant (documents/chase/chase.mjs chaseRole). */
        chaseRole?: "wanted" | "pursuer" | "none";
        /** Spun out by a PIT: the next speed die is lost (documents/fight/combat.mjs spendDieAsGM). */
        spun?: boolean;
      };
    };
    ChatMessage: {
      "the-smoke"?: SmokeChatFlags;
    };
  }

  /** game.system.id */
  interface SystemNameConfig {
    name: "the-smoke";
  }

  /**
   * The system's code runs from the init hook on (registration) or after ready (sheets, dialogs, chat), so type
   * `game`, `ui` etc. as initialised, as fvtt-types' own "fvtt-types/lenient" entry point does.
   */
  interface AssumeHookRan {
    ready: never;
  }
}

/**
 * fvtt-types 13.345.1 leaves v13's `getSceneControlButtons` hook out of its HookConfig (commented "TODO" in
 * src/foundry/client/hooks.d.mts). HookConfig is a declaration-merging interface, but "fvtt-types/configuration"
 * re-exports it as `export * as Hooks`, which cannot be augmented, so augment the file that declares it.
 * v13 calls the hook with the scene controls keyed by name (`controls.tokens`, …).
 */
declare module "../node_modules/fvtt-types/src/configuration/hooks.mjs" {
  interface HookConfig {
    getSceneControlButtons: (controls: Record<string, foundry.applications.ui.SceneControls.Control>) => void;
    /**
     * Left out of fvtt-types 13.345.1 too: v13 fires it on every client for each Token moved, after the update
     * (https://foundryvtt.com/api/functions/hookEvents.moveToken.html: document, movement, operation, user).
     */
    moveToken: (document: TokenDocument.Implementation, movement: TokenDocument.MovementOperation,
      operation: object, user: User.Implementation) => void;

    // The system's own hooks (Hooks.callAll on the client that applied the change; Heat and the windows listen).
    /** An attack was recorded (documents/fight/attack.mjs): Heat asks the GM about the crime, once per act. */
    "smoke.attacked": (attack: { attackerUuid: string; targetUuid: string; actId: string; category: string;
      traits: string[] }) => void;
    /** A combatant was Wasted (documents/fight/combat.mjs). */
    "smoke.wasted": (combatant: Combatant.Implementation) => void;
    /** A gauge line was driven (documents/chase/gauge.mjs): a failed yellow check or a drive into red. */
    "smoke.driven": (drive: { motorUuid: string; band: string; failed: boolean; actId: string }) => void;
    /** A cuff landed (documents/fight/attack.mjs): police cuffing means Busted. */
    "smoke.cuffed": (target: Actor.Implementation, cuffer: Actor.Implementation) => void;
    /** A crime the GM is asked about (documents/vehicle/theft.mjs, documents/heat/acts.mjs). */
    "smoke.crime": (notice: { actorUuid: string; crime: string; actId: string; witnessed: boolean;
      motorUuid?: string; policeSaw?: boolean }) => void;
    /** Heat went up (documents/heat/crimes.mjs). */
    "smoke.heatRaised": (actor: Actor.Implementation, raised: { crime: string; before: number; stars: number;
      actId: string }) => void;
    /** Busted (documents/heat/custody.mjs): what was lost. */
    "smoke.busted": (actor: Actor.Implementation, lost: { loss: number; items: string[] }) => void;
    /** A motor resprayed or given new plates (documents/money/services.mjs): its plate reads clean. */
    "smoke.resprayed": (motor: Actor.Implementation) => void;
    /** One of the Heat stores changed (timers, custody, plates): windows refresh. */
    "smoke.heatChanged": () => void;
    /** A crossing to another scene is done (documents/street-map/crossing.mjs). */
    "smoke.crossed": (record: object & { uuids: Record<string, string> }) => void;
    /** The GM's request queue changed (documents/gm-screen/gm-screen.mjs). */
    "smoke.gmRequests": () => void;
    /** The known obstacles' targets changed (documents/gm-screen/obstacles.mjs): the GM Screen refreshes. */
    "smoke.knownObstacles": () => void;
    /** The Bike Locks on bikes changed (documents/vehicle/lock-store.mjs): windows refresh. */
    "smoke.bikeLocks": () => void;
    /** A GM store changed (documents/core/gm-store.mjs), by its key: windows that read GM records refresh. */
    "smoke.gmStore": (key: string) => void;
    /** The missions store changed (documents/missions/missions.mjs). */
    "smoke.missions": () => void;
    /** The police events store changed (documents/street/police.mjs). */
    "smoke.policeEvents": () => void;
  }
}

/**
 * The system's own options on a database operation (v13 hands an update's or a deletion's operation to the hooks and
 * to `_preUpdate`/`_onUpdate` unchanged, so a write can say why it was made): fvtt-types 13.345 declares the core
 * options only; its operation interfaces are exported interfaces of this file, so they merge.
 */
declare module "../node_modules/fvtt-types/src/foundry/common/abstract/_types.mjs" {
  interface DatabaseUpdateOperation<
    UpdateData extends object | null | undefined = object | null | undefined,
    Parent extends foundry.abstract.Document.Any | null = foundry.abstract.Document.Any | null,
  > {
    /** The active GM putting a guarded field back or writing its own record (core/mirror.mjs, core/kit-record.mjs). */
    smokeGuarded?: boolean;
    /** An occupant's token moved with its motor, or carried (documents/vehicle/seats.mjs). */
    smokeCarried?: boolean;
    /** A token's actor put back by the active GM (documents/core/token-actors.mjs). */
    smokePutBack?: boolean;
  }
  interface DatabaseDeleteOperation<Parent extends foundry.abstract.Document.Any | null = foundry.abstract.Document.Any | null> {
    /** The active GM removing an item it never recorded (documents/core/kit-record.mjs). */
    smokeGuarded?: boolean;
    /** The crossing (its record's id) that takes these tokens off the scene left (documents/street-map/crossing.mjs). */
    smokeCrossing?: string;
  }
  interface DatabaseCreateOperation<
    CreateData extends object | null | undefined = object | null | undefined,
    Parent extends foundry.abstract.Document.Any | null = foundry.abstract.Document.Any | null,
    Temporary extends boolean | undefined = boolean | undefined,
  > {
    /** The crossing (its record's id) that puts these tokens on the scene reached (documents/street-map/crossing.mjs). */
    smokeCrossing?: string;
  }
}

/**
 * The Smoke's actors are of its own three types. fvtt-types also allows for an Actor sub-type added by another
 * package (`module.type`, data unknown) and for "base", so `Actor#system` would have no known properties unless
 * narrowed by a type check the code does not make (it reads `system.stats?.…` etc. defensively). State the
 * system's own types here, once, instead of casting at every `this.system`.
 */
declare module "../module/documents/actor.mjs" {
  interface SmokeActor {
    system: Actor.SystemOfType<Actor.ConfiguredSubTypes>;
  }
}

/**
 * The same for the Combat: its only sub-type is "base", which fvtt-types reads as "unknown data", so state the
 * system's model here, with the GM-owned maps its ObjectFields hold (data/combat.mjs).
 */
declare module "../module/documents/fight/combat.mjs" {
  interface SmokeCombat {
    system: SmokeCombatSystem;
  }
}

declare global {
  /** SmokeCombatData with the shapes of its three ObjectFields (data/combat.mjs). */
  type SmokeCombatSystem = Combat.SystemOfType<"base"> & Omit<foundry.data.fields.SchemaField.InitializedData<
    ReturnType<typeof import("../module/data/combat.mjs").SmokeCombatData.defineSchema>>, "sides" | "records" | "gauges"> & {
    /** combatant id → its GM-owned side (documents/fight/combat-state.mjs). */
    sides: Record<string, Side>;
    /** record id → a roll the GM checked before the dice were thrown (documents/fight/attack.mjs). */
    records: Record<string, RollRecord>;
    /** motor token id → its chase gauge (documents/chase/common.mjs). */
    gauges: Record<string, GaugeFlag>;
  };

  /**
   * What the system writes in a chat card's `flags["the-smoke"]` (FlagConfig.ChatMessage). A card is written by its
   * author, who may be a player: the GM's automation reads these only as pointers to its own records (ARCHITECTURE.md,
   * "Authority"), never as facts.
   */
  interface SmokeChatFlags {
    /** A check's card (documents/core/check.mjs rollCheck). */
    check?: CheckSnapshot;
    /** The teamwork card (apps/group-checks.mjs rollTeamwork). */
    teamwork?: ReturnType<typeof teamwork> & { tn: number; stat: string };
    /** The challenge track card (apps/group-checks.mjs). */
    challenge?: ReturnType<typeof challengeState>;
    /** A chase roll's purpose (documents/chase/chase.mjs): a gauge line, a contact, a ram, a PIT or holding the line. */
    chase?: Record<string, unknown>;
    /** The roll the GM issued that this card answers (documents/core/roll-claims.mjs issueRoll). */
    rollId?: string;
    /** An attack's card (documents/fight/attack.mjs): where the GM's record is, and what the declaration showed. */
    attack?: {
      combatId: string; recordId: string; attackerId: string; targetId: string; targetName: string;
      targetUuid: string; weapon: string; impact: number; traits: string[]; band: string; distance: number | null;
      effects: import("../module/rules/combat.mjs").AttackEffect[]; tyres: boolean; guard: number;
      resolved: RollRecord["resolved"]; aftermath?: RollRecord["aftermath"];
    };
    /** A grab's or a break-free's card (documents/fight/attack.mjs rollHold). */
    hold?: { kind: "grab" | "breakFree"; combatId: string; recordId: string; actorId: string; otherId: string;
      resolved: { success: boolean } | null };
    /** A Dodge's card: the attack card it answers (documents/fight/attack.mjs). */
    dodge?: { messageId: string };
    /** A Stay Conscious card (documents/fight/actions.mjs). */
    stayConscious?: { combatId: string; combatantId: string; resolved?: boolean };
    /** A first aid card (documents/fight/actions.mjs firstAid). */
    firstAid?: { patientUuid: string; itemId: string; resolved?: boolean };
    /** A Mission Board card: the run it is about (documents/missions/card.mjs). */
    mission?: { runId: string };
    /** A GM Screen request's card (documents/gm-screen/gm-screen.mjs). */
    gmRequest?: { id: string };
    /** A job's card: the job's id (documents/shifts/stages.mjs). */
    shiftJob?: string;
    /** The street map's check, whispered to the GMs (documents/street-map/street-map.mjs). */
    streetMapCheck?: boolean;
    /** A reward the GM gave from the GM Screen (documents/gm-screen/rewards.mjs): its kind, and a split's share. */
    gmReward?: { kind: string; share?: number; remainder?: number };
    /** A hazard the GM announced (documents/gm-screen/request-card.mjs). */
    hazardAnnounced?: { key: string };
    /** A police event's card or a roll for it (documents/street/police.mjs, street-control.mjs). */
    policeEvent?: { id: string; key?: string };
    /** A street event's card (documents/street/events.mjs). */
    streetEvent?: { id: string };
    /** A witnessed crime's card for the GM: the act's id (documents/heat/crimes.mjs). */
    heatCrime?: string;
    /** Heat rose (documents/heat/crimes.mjs). */
    heatRise?: { actorUuid: string; before: number; stars: number };
    /** A stop on foot: its id in the GM store (documents/heat/stop.mjs). */
    heatStop?: string;
    /** A character's answer to a stop (documents/heat/stop.mjs). */
    heatStopAnswer?: { actorUuid: string; stopId: string };
    /** Busted: the character's UUID (documents/heat/custody.mjs). */
    heatBusted?: string;
    /** A money transaction's card: its kind, and what the card's caller adds (documents/money/common.mjs moneyCard). */
    money?: { kind: string; [key: string]: unknown };
  }

  /** The system data of each Actor and Item type (the data models' instances, with their derived fields). */
  type CharacterSystem = Actor.SystemOfType<"character">;
  type NpcSystem = Actor.SystemOfType<"npc">;
  type VehicleSystem = Actor.SystemOfType<"vehicle">;
  /** A person: a player character or a street NPC (the fields they share are typed, the rest optional). */
  type PersonSystem = Actor.SystemOfType<"character" | "npc">;
  type WeaponSystem = Item.SystemOfType<"weapon">;
  type ArmourSystem = Item.SystemOfType<"armour">;
  type AmmoSystem = Item.SystemOfType<"ammo">;
  type GearSystem = Item.SystemOfType<"gear">;
  type OutfitSystem = Item.SystemOfType<"outfit">;
  type ConsumableSystem = Item.SystemOfType<"consumable">;
  type DrugSystem = Item.SystemOfType<"drug">;
  type PerkSystem = Item.SystemOfType<"perk">;
  type BackgroundSystem = Item.SystemOfType<"background">;
  type VehicleAbilitySystem = Item.SystemOfType<"vehicleAbility">;
  /** A document's UUID ("Actor.abc", "Scene.x.Token.y"…), for fromUuidSync where the document type is not known. */
  type SmokeUuid = `${foundry.abstract.Document.Type}.${string}`;

  /** The system's vocabulary (packs-src/rules, schemas/common.schema.json enums; RULES in module/generated). */
  type SmokeBand = "easy" | "medium" | "hard" | "longShot";
  type SmokeRange = "engaged" | "near" | "far" | "distant";
  type SmokeOutcome = "properMess" | "badLuck" | "justAbout" | "sorted" | "smashedIt" | "legendary";

  /**
   * game.system.api (module/the-smoke.mjs builds it at init: each feature manifest's `api` under its id,
   * documents/core/feature.mjs buildApi): the parts that other modules reach through it rather than by an
   * import (which would close a cycle). Read it with systemApi() (documents/core/lookup.mjs).
   */
  interface SmokeApi {
    /** The rules tables and the Conditions (module/generated/rules.mjs). */
    RULES: typeof import("../module/generated/rules.mjs").RULES;
    CONDITIONS: typeof import("../module/generated/rules.mjs").CONDITIONS;
    rollTeamwork: typeof import("../module/apps/group-checks.mjs").rollTeamwork;
    setChallenge: typeof import("../module/apps/group-checks.mjs").setChallenge;
    contribute: typeof import("../module/apps/group-checks.mjs").contribute;
    apps: {
      TeamworkApp: typeof import("../module/apps/group-checks.mjs").TeamworkApp;
      ChallengeTracker: typeof import("../module/apps/group-checks.mjs").ChallengeTracker;
      CharacterCreator: typeof import("../module/apps/creator.mjs").CharacterCreator;
      CombatConsole: typeof import("../module/apps/combat-console.mjs").CombatConsole;
      ChaseGauge: typeof import("../module/apps/chase-gauge.mjs").ChaseGauge;
      GMScreen: typeof import("../module/apps/gm-screen.mjs").GMScreen;
      MissionBoard: typeof import("../module/apps/mission-board.mjs").MissionBoard;
      StreetControl: typeof import("../module/apps/street-control.mjs").StreetControl;
      ShiftsApp: typeof import("../module/apps/shifts-app.mjs").ShiftsApp;
    };
    /** The pure rules by their rulebook names (the clock's and the money rules among them). */
    rules: typeof import("../module/rules/clock.mjs") & typeof import("../module/rules/money.mjs") & Record<string, unknown>;
    // Each feature's api under its id (a feature made of a face and a window merges both: chase, blower).
    core: typeof import("../module/documents/core/core.mjs").feature.api;
    fight: typeof import("../module/documents/fight/fight.mjs").feature.api;
    record: typeof import("../module/documents/character/character.mjs").feature.api;
    heat: typeof import("../module/documents/heat/heat.mjs").feature.api;
    shifts: typeof import("../module/documents/shifts/shifts.mjs").feature.api;
    street: typeof import("../module/documents/street/street.mjs").feature.api;
    streetMap: typeof import("../module/documents/street-map/street-map.mjs").feature.api;
    money: typeof import("../module/documents/money/money.mjs").feature.api;
    missions: typeof import("../module/documents/missions/missions.mjs").feature.api;
    vehicles: typeof import("../module/documents/vehicle/vehicle.mjs").feature.api;
    chase: typeof import("../module/documents/chase/chase.mjs").feature.api
      & typeof import("../module/apps/chase-gauge.mjs").feature.api;
    blower: typeof import("../module/apps/blower/register.mjs").feature.api;
    // The short paths older than the manifests (the entry's SHORT_PATHS).
    requestGM: SmokeApi["core"]["requestGM"];
    worldCheck: SmokeApi["core"]["worldCheck"];
    clock: SmokeApi["core"]["clock"];
    makeAttack: SmokeApi["fight"]["makeAttack"];
    sideOf: SmokeApi["fight"]["sideOf"];
    places: SmokeApi["money"]["places"];
  }

  /** Any of the system's Item data (the fields some types lack are optional). */
  type SmokeItemSystem = Item.SystemOfType<Item.ConfiguredSubTypes>;

  /**
   * An update in Foundry's flattened form (`{"system.health.value": 3}`, `{[`flags.the-smoke.x`]: …}`), which
   * Document#update accepts and expands; fvtt-types types only the nested form. Use as
   * `doc.update(/** @type {DottedUpdate<Actor.UpdateData>} *\/ ({…}))`.
   */
  type DottedUpdate<Data> = Data & { [path: `system.${string}` | `flags.${string}`]: unknown };
}

/**
 * The system's v13 queries (CONFIG.queries; User#query reaches one user): the GM request channel
 * (documents/core/requests.mjs) and the reveal of secret speed dice (documents/fight/speed-dice.mjs).
 */
declare global {
  namespace CONFIG {
    interface Queries {
      "the-smoke.request": (data: { type: string; data: object; userId: string; key: string | null }) => Promise<
        { result?: unknown; refused?: string; badKey?: boolean }>;
      "the-smoke.sessionKey": (data: { key: string; nonce: string }) => boolean;
      "the-smoke.wantKey": (data: { userId: string; nonce: string }) => Promise<boolean>;
      /** A GM asks a client to ask again for its texts (documents/blower/texts.mjs). */
      "the-smoke.blowerPing": () => Promise<boolean>;
      "the-smoke.speedDice": (data: { combatId: string; round: number; combatantId: string }) => Promise<
        { faces?: number[]; refused?: boolean }>;
    }
  }
}
