/**
 * A motor's record (ApplicationV2 + Handlebars): Performance, Handling and Speed with what flat tyres and low Body do
 * to them, Body, Size, Guard with its temporary defences, Armour, Fuel, seats, lock, value and the riders' Guard; the
 * abilities with their blue-light switch; the seats by name with who sits in each (a deleted occupant leaves the seat
 * vacant), Board, Leave and Release, and actors dropped onto a seat; the driving check with its situation; theft and
 * carjacking; the roadside patch, the Toolkit and the garage; the fire; the incident record.
 * Rulebook: Getting a motor; Vehicle abilities; Fire, repairs and selling up; Skids, collisions and contact › Keep an
 * incident record.
 * @module apps/vehicle-sheet
 */
import { RULES, VEHICLE_ABILITIES } from "../generated/rules.mjs";
import { LOCK_KINDS, TERRAINS, canFold, canRepair, fireState, garageBill, seating } from "../rules/vehicles.mjs";
import {
  abilityName, bikeLockOf, bikeLocksOf, boardVehicle, chooseActor, canDrive, jerryCans, leaveVehicle, ownedPeople, payGarage,
  plateKits, promptBoard, refuelMotor, rollDriving, rollRepair, rollTheft, seatLabel, seatRecords, setAbilityOn, setBikeLock,
  swapPlates, theftTools, vehicleOf
} from "../documents/vehicle/vehicle.mjs";
import { chooseHTML } from "../documents/core/chat-html.mjs";
import { actorAt as actorByUuid } from "../documents/core/lookup.mjs";

/**
 * The actor a seat record names (by UUID: a world actor or an unlinked token's).
 * @param {string} uuid
 * @returns {any}
 */
const actorAt = uuid => {
  return uuid ? actorByUuid(uuid) : null;
};

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2 } = foundry.applications.sheets;
// The fvtt-types mixin type is too deep for tsc (see shared notes/toolchain.md); cast to the sheet base.
const Base = /** @type {typeof ActorSheetV2} */ (/** @type {unknown} */ (HandlebarsApplicationMixin(ActorSheetV2)));

/**
 * @param {string} key
 * @param {Record<string, unknown>} [data]
 * @returns {string}
 */
const L = (key, data) => (data ? game.i18n.format(key, /** @type {Record<string, string>} */ (data)) : game.i18n.localize(key));
/**
 * "+1" / "−2"
 * @param {number} n
 */
const signed = n => (n < 0 ? `−${-n}` : `+${n}`);
const GAUGES = RULES.chase.gauge.bands.map(b => b.id);

/** The motor's record sheet. Controls a non-owner may use (Board, the driving check, theft, repairs) stay enabled. */
export class VehicleSheet extends Base {
  static DEFAULT_OPTIONS = {
    classes: ["the-smoke", "sheet", "actor", "vehicle"],
    position: { width: 720, height: 820 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      board: VehicleSheet.#onBoard,
      leave: VehicleSheet.#onLeave,
      openOccupant: VehicleSheet.#onOpenOccupant,
      toggleAbility: VehicleSheet.#onToggleAbility,
      drive: VehicleSheet.#onDrive,
      nick: VehicleSheet.#onNick,
      carjack: VehicleSheet.#onCarjack,
      patchUp: VehicleSheet.#onPatchUp,
      toolkit: VehicleSheet.#onToolkit,
      garage: VehicleSheet.#onGarage,
      plates: VehicleSheet.#onPlates,
      refuel: VehicleSheet.#onRefuel,
      bikeLock: VehicleSheet.#onBikeLock
    }
  };

  static PARTS = { body: { template: "systems/the-smoke/templates/actor/vehicle-sheet.hbs" } };

  /**
   * The driving situation chosen on this sheet (not stored): terrain, junction, gauge band.
   * @type {{terrain: string, junction: boolean, gauge: "green"|"yellow"|"red"}}
   */
  situation = { terrain: "road", junction: false, gauge: "green" };

  /** @returns {any} The motor's system data with its derived fields (VehicleData). */
  get #sys() {
    return this.document.system;
  }

  /** @override */
  async _prepareContext(options) {
    const context = await super._prepareContext(options);
    const actor = this.document;
    const s = this.#sys;
    // The seats are the GM's (documents/vehicle/store.mjs), not this actor's data.
    const exists = uuid => !!actorAt(uuid);
    const { rows, stray } = seating(s.seatList ?? [], seatRecords(actor), exists);
    const a = s.adjusted ?? {};
    const changed = a.performance !== s.performance.die || a.handling !== s.handling || a.speed !== s.speed;
    const fire = s.onFire ? fireState({ body: s.body.value, fireRound: s.fire?.round || null }) : null;
    const can = canDrive(actor);
    const bill = garageBill({ body: Math.min(s.body.value, s.body.max), bodyMax: s.body.max, flatTyres: s.tyres.flat });
    // The Bike Lock on it, as the GM recorded it (documents/vehicle/lock-store.mjs).
    const lock = bikeLockOf(actor);
    return Object.assign(context, {
      actor, system: s, editable: this.isEditable, isGM: game.user.isGM,
      recordError: a.error ? L("SMOKE.Vehicle.recordError", { error: a.error }) : null,
      adjusted: { ...a, changed, printedHandling: signed(s.handling), signedHandling: signed(a.handling ?? s.handling), notes: [
        a.flatTyres ? L("SMOKE.Vehicle.flatNote", { n: a.flatTyres }) : null,
        a.floored ? L("SMOKE.Vehicle.flooredNote") : null,
        a.lowBody ? L("SMOKE.Vehicle.lowBodyNote") : null
      ].filter(Boolean) },
      guardParts: L("SMOKE.Vehicle.guardParts", { base: s.guard.base, evasive: signed(s.guard.evasive),
        bonus: signed(s.guard.bonus) }),
      lockBands: Object.fromEntries(RULES.difficulty.bands.map(b => [b.id, L(`SMOKE.Band.${b.id}`)])),
      lockKinds: Object.fromEntries(LOCK_KINDS.map(k => [k, L(`SMOKE.Vehicle.lockKinds.${k}`)])),
      lockLabel: `${L(`SMOKE.Band.${s.lock}`)} (${L(`SMOKE.Vehicle.lockKinds.${s.lockKind}`)})`,
      valueLabel: s.value === null ? L("SMOKE.Vehicle.notStock") : L("SMOKE.Vehicle.pounds", { pounds: s.value })
        + (s.effects?.unsellable ? ` · ${L("SMOKE.Vehicle.unsellable")}` : ""),
      riderGuardLabel: s.riderGuard ? L("SMOKE.Vehicle.enclosed", { n: signed(s.riderGuard) }) : L("SMOKE.Vehicle.exposed"),
      fire: fire ? (fire.explodesAtEndOfRound !== null ? L("SMOKE.Vehicle.fireRound", { round: fire.explodesAtEndOfRound })
        : L("SMOKE.Vehicle.fireSeconds", { seconds: fire.countdownSeconds })) : null,
      abilities: (s.abilities ?? []).map(id => {
        const data = VEHICLE_ABILITIES[id];
        return { id, name: data ? abilityName(id) : L("SMOKE.Vehicle.unknownAbility", { id }), description: data?.description ?? "",
          switchable: s.effects?.switchable?.includes(id) ?? false, on: (s.abilitiesOn ?? []).includes(id) };
      }),
      seats: rows.map(r => ({
        id: r.seat.id, label: seatLabel(r.seat), caged: r.seat.caged,
        notes: [r.seat.caged && L("SMOKE.Boarding.caged"), r.seat.loadBay && L("SMOKE.Boarding.loadBay"),
          r.seat.stretcher && L("SMOKE.Boarding.stretcher")].filter(Boolean),
        occupant: r.occupant ? { id: r.occupant.actorId, name: actorAt(r.occupant.actorId)?.name ?? "" } : null,
        missing: r.missing
      })),
      foldNote: s.effects?.foldable ? L(canFold({ abilities: s.abilities, aboard: rows.filter(r => r.occupant).length })
        ? "SMOKE.Vehicle.foldable" : "SMOKE.Vehicle.foldableEmpty") : null,
      stray: stray.map(o => ({ id: o.actorId, name: actorAt(o.actorId)?.name ?? o.actorId })),
      driverLine: can.ok ? L("SMOKE.Vehicle.drivenBy", { driver: can.driver.name }) : can.message,
      situation: this.situation,
      terrains: Object.fromEntries(TERRAINS.map(t => [t, L(`SMOKE.Vehicle.terrains.${t}`)])),
      gauges: Object.fromEntries(GAUGES.map(g => [g, L(`SMOKE.Vehicle.gauge.${g}`)])),
      carjack: { mus: L("SMOKE.Stat.mus.name"), frt: L("SMOKE.Stat.frt.name") },
      garage: actor.isOwner && !s.destroyed && !s.onFire ? L("SMOKE.Repair.garage", { pounds: bill.pounds }) : null,
      refuel: s.fuel.max > 0 && !this.document.pack,
      bikeLock: s.lockKind === "bike" && !this.document.pack ? { locked: !!lock,
        status: lock ? L("SMOKE.BikeLock.status", { actor: actorAt(lock.by)?.name ?? "", band: L(`SMOKE.Band.${lock.band}`) }) : null } : null,
      incidents: (s.incidents ?? []).map(i => ({ ...i, round: i.round ?? "—",
        injuries: (i.riderInjuries ?? []).map(r => L("SMOKE.Vehicle.incident.injury", { name: r.name, damage: r.damage,
          conditions: r.conditions.join(", ") })).join("; ") })),
      description: await foundry.applications.ux.TextEditor.implementation.enrichHTML(s.description ?? "")
    });
  }

  /**
   * Keep the situation inputs' choices across renders.
   * @param {Record<string, unknown>} context
   * @param {any} options
   * @returns {Promise<void>}
   */
  async _onRender(context, options) {
    await super._onRender(context, options);
    for (const el of this.element.querySelectorAll("[data-situation]")) {
      el.addEventListener("change", event => {
        event.stopPropagation();
        const input = /** @type {HTMLInputElement} */ (event.currentTarget);
        const key = /** @type {"terrain"|"junction"|"gauge"} */ (input.dataset.situation);
        Object.assign(this.situation, { [key]: input.type === "checkbox" ? input.checked : input.value });
      });
    }
  }

  /**
   * A sheet the user cannot edit still lets them board, drive, nick the motor or repair it: those requests are checked
   * by the GM (documents/vehicle/vehicle.mjs).
   * @override
   */
  _toggleDisabled(disabled) {
    super._toggleDisabled(disabled);
    if (!disabled || this.document.pack) return;
    for (const el of this.element.querySelectorAll("[data-open]")) /** @type {HTMLButtonElement} */ (el).disabled = false;
  }

  /** Anyone who sees a world motor may drop an actor onto a seat (the GM checks the boarding). */
  _canDragDrop() {
    return !this.document.pack;
  }

  /**
   * A drop: an actor boards (onto the seat it was dropped on, else the first free one); anything else is refused with
   * a message, a motor too.
   * @param {DragEvent} event
   */
  async _onDrop(event) {
    // Drag data as v13 makes it: `{type, uuid}` (fvtt-types 13.345 has the type and the uuid in two separate shapes).
    const data = /** @type {foundry.appv1.sheets.ActorSheet.DropData & Actor.DropData} */ (
      foundry.applications.ux.TextEditor.implementation.getDragEventData(event));
    if (Hooks.call("dropActorSheetData", this.document, this, data) === false) return null;
    const seat = /** @type {HTMLElement|null} */ (/** @type {HTMLElement} */ (event.target)?.closest?.("[data-seat]"))?.dataset.seat ?? null;
    if (data?.type !== "Actor") {
      ui.notifications.warn(L("SMOKE.Boarding.notActor"));
      return null;
    }
    const actor = await getDocumentClass("Actor").fromDropData(data);
    if (!actor) {
      ui.notifications.warn(L("SMOKE.Boarding.notActor"));
      return null;
    }
    if (actor.type === "vehicle") {
      ui.notifications.warn(L("SMOKE.Boarding.notPerson", { name: actor.name }));
      return null;
    }
    try {
      return await boardVehicle(this.document, actor, { seat });
    } catch (err) {
      ui.notifications.warn(err.message);
      return null;
    }
  }

  /** @this {VehicleSheet} */
  static async #onBoard() {
    await promptBoard(this.document);
  }

  /**
   * Leave a seat; behind the cage, Release: the GM needs nobody, anyone else lets the rider out with one of their
   * actors who is outside the motor or in a front seat (their assigned character first).
   * @this {VehicleSheet}
   */
  static async #onLeave(event, target) {
    const actorId = target.dataset.actorId;
    const s = this.#sys;
    const entry = seatRecords(this.document).find(o => o.actorId === actorId);
    const seat = s.seatList?.find(x => x.id === entry?.seat);
    const occupant = actorAt(actorId);
    let releaser = null;
    if (seat?.caged && !game.user.isGM && occupant) {
      const outside = ownedPeople().filter(a => {
        if (a.uuid === actorId) return false;
        const at = vehicleOf(a);
        return !at || at.vehicle.uuid !== this.document.uuid || at.seat.kind !== "passenger";
      });
      if (!outside.length) {
        ui.notifications.warn(L("SMOKE.Boarding.refused.caged", { actor: occupant?.name ?? "",
          vehicle: this.document.name }));
        return;
      }
      releaser = await chooseActor(L("SMOKE.Boarding.releaseTitle"), outside);
      if (!releaser) return;
    }
    try {
      await leaveVehicle(this.document, actorId, { releaser });
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /** @this {VehicleSheet} */
  static #onOpenOccupant(event, target) {
    const actor = actorAt(target.dataset.actorId);
    actor?.sheet?.render({ force: true });
  }

  /** @this {VehicleSheet} */
  static async #onToggleAbility(event, target) {
    const id = target.closest("[data-ability]").dataset.ability;
    try {
      await setAbilityOn(this.document, id, !(this.#sys.abilitiesOn ?? []).includes(id));
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /**
   * The driving check with the situation chosen here; Shift-click skips the dialog.
   * @this {VehicleSheet}
   */
  static async #onDrive(event) {
    const { terrain, junction, gauge } = this.situation;
    await rollDriving(this.document, { situation: { terrain, junction }, gauge: gauge === "green" ? null : gauge,
      skipDialog: event.shiftKey });
  }

  /**
   * Nick it: Graft against the lock, with a tool chosen from what the thief carries.
   * @this {VehicleSheet}
   */
  static async #onNick(event) {
    const thief = await chooseActor(L("SMOKE.Theft.whoTitle", { vehicle: this.document.name }));
    if (!thief) return;
    const s = this.#sys;
    const tools = theftTools(this.document, thief);
    let toolId = null;
    let olderCar = false;
    if (tools.length) {
      // The menu starts at the best tool that works this lock, else at No tool; a tool for older cars only (the GM's
      // say) comes after No tool, so the default is never a tool the GM would refuse.
      const option = t => ({ value: t.item.id ?? "", label: L("SMOKE.Theft.toolOption", { tool: t.item.name, bands: t.bands })
        + (t.loud ? ` ${L("SMOKE.Theft.loud")}` : "") + (t.olderCarOnly ? ` ${L("SMOKE.Theft.olderOnly")}` : "") });
      const options = [...tools.filter(t => !t.olderCarOnly).map(option), { value: "", label: L("SMOKE.Theft.noTool") },
        ...tools.filter(t => t.olderCarOnly).map(option)];
      const content = await chooseHTML({ selects: [{ label: L("SMOKE.Theft.tool"), name: "toolId", options }],
        checkboxes: s.lockKind === "car" && game.user.isGM ? [{ label: L("SMOKE.Theft.olderCar"), name: "olderCar" }] : [] });
      // The form's fields: the tool's item id ("" for none) and the GM's older-car tick.
      const data = /** @type {{toolId?: string, olderCar?: boolean}|null} */ (await foundry.applications.api.DialogV2.input({
        window: { title: L("SMOKE.Theft.toolTitle", { vehicle: this.document.name }) }, content,
        ok: { label: L("SMOKE.Theft.attempt") } }));
      if (!data) return;
      toolId = data.toolId ?? "";
      olderCar = !!data.olderCar;
    }
    try {
      await this.#followTheft(await rollTheft(this.document, thief, { toolId, olderCar, skipDialog: event.shiftKey }));
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /**
   * After a theft: an unlinked token's motor handed to the thief is a world motor of its own now
   * (documents/vehicle/promote.mjs), so its sheet takes this one's place.
   * @param {{vehicleUuid: string}|null} theft
   */
  async #followTheft(theft) {
    if (!theft || theft.vehicleUuid === this.document.uuid) return;
    const motor = /** @type {Actor.Implementation | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (theft.vehicleUuid)));
    await this.close();
    await /** @type {foundry.applications.api.ApplicationV2 | null | undefined} */ (motor?.sheet)?.render({ force: true });
  }

  /**
   * Pour a Jerry Can into the motor: one of the user's people carrying one (on the GM's record) does it.
   * @this {VehicleSheet}
   */
  static async #onRefuel() {
    const carriers = ownedPeople().filter(a => jerryCans(a).length);
    if (!carriers.length) {
      ui.notifications.warn(L("SMOKE.Fuel.noCan", { actor: game.user.character?.name ?? game.user.name }));
      return;
    }
    const who = await chooseActor(L("SMOKE.Fuel.refuelWho", { vehicle: this.document.name }), carriers);
    if (!who) return;
    try {
      await refuelMotor(this.document, who);
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /**
   * Lock the bike with a Bike Lock one of the user's people carries, or unlock it.
   * @this {VehicleSheet}
   */
  static async #onBikeLock() {
    const current = bikeLockOf(this.document);
    try {
      if (current) {
        const locker = actorAt(current.by);
        await setBikeLock(this.document, locker ?? ownedPeople()[0], false);
        return;
      }
      const carriers = ownedPeople().filter(a => bikeLocksOf(a).count > 0);
      if (!carriers.length) {
        ui.notifications.warn(L("SMOKE.BikeLock.refused.noLock", { actor: game.user.character?.name ?? game.user.name }));
        return;
      }
      const who = await chooseActor(L("SMOKE.BikeLock.lockWho", { vehicle: this.document.name }), carriers);
      if (who) await setBikeLock(this.document, who, true);
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /**
   * Carjack with Muscle or Front.
   * @this {VehicleSheet}
   */
  static async #onCarjack(event, target) {
    const thief = await chooseActor(L("SMOKE.Theft.whoTitle", { vehicle: this.document.name }));
    if (!thief) return;
    try {
      await this.#followTheft(await rollTheft(this.document, thief, { carjacking: true, stat: target.dataset.stat,
        skipDialog: event.shiftKey }));
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /**
   * A repair the motor cannot have (nothing to mend, the patch used, no flat) is refused before anyone is asked.
   * @param {"patchUp"|"toolkit"} kind
   * @param {"body"|"flat"} [mode]
   * @returns {boolean}
   */
  #repairable(kind, mode = "body") {
    const s = this.#sys;
    const can = canRepair(kind, { body: Math.min(s.body.value, s.body.max), bodyMax: s.body.max, flatTyres: s.tyres.flat,
      patched: s.patched, destroyed: s.destroyed, mode });
    if (!can.ok) ui.notifications.warn(L(`SMOKE.Repair.refused.${can.reason}`, { vehicle: this.document.name, kit: "" }));
    return can.ok;
  }

  /** @this {VehicleSheet} */
  static async #onPatchUp(event) {
    if (!this.#repairable("patchUp")) return;
    const who = await chooseActor(L("SMOKE.Repair.whoTitle", { vehicle: this.document.name }));
    if (!who) return;
    try {
      await rollRepair(this.document, who, { kind: "patchUp", skipDialog: event.shiftKey });
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /** @this {VehicleSheet} */
  static async #onToolkit(event, target) {
    if (!this.#repairable("toolkit", target.dataset.mode)) return;
    const who = await chooseActor(L("SMOKE.Repair.whoTitle", { vehicle: this.document.name }));
    if (!who) return;
    try {
      await rollRepair(this.document, who, { kind: "toolkit", mode: target.dataset.mode,
        skipDialog: event.shiftKey });
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /**
   * Swap Spare Plates onto this motor (documents/vehicle/plates.mjs): whoever carries them.
   * @this {VehicleSheet}
   */
  static async #onPlates(event) {
    const who = await chooseActor(L("SMOKE.Plates.whoTitle", { vehicle: this.document.name }),
      ownedPeople().filter(a => plateKits(a).length));
    if (!who) return;
    try {
      await swapPlates(this.document, who, { skipDialog: event.shiftKey });
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }

  /** @this {VehicleSheet} */
  static async #onGarage() {
    const payer = await chooseActor(L("SMOKE.Repair.payerTitle", { vehicle: this.document.name }),
      ownedPeople().filter(a => a.type === "character"));
    if (!payer) return;
    try {
      await payGarage(this.document, payer);
    } catch (err) {
      ui.notifications.warn(err.message);
    }
  }
}
