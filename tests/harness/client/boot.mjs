/**
 * Boots the stand-in client for one user (TEST DOUBLE of Foundry VTT v13's Game#initialize):
 * connect as ?user=<id> → install globals → import the system's esmodules → "init" → load languages → "i18nInit"
 * → build world documents and compendium collections → "setup" → keybindings locked → render the page → ready.
 */
import CONST from "./constants.mjs";
import Hooks from "./hooks.mjs";
import * as utils from "./utils.mjs";
import { DataModel, TypeDataModel, fields } from "./data.mjs";
import {
  ActiveEffect, Actor, Actors, ChatMessage, ChatMessages, Item, Items, User, Users, WorldCollection, fromUuid,
  fromUuidSync, getDocumentClass
} from "./documents.mjs";
import { Die, Roll, terms } from "./dice.mjs";
import {
  ActorSheetV2, ApplicationV2, DialogV2, DocumentSheetConfig, DocumentSheetV2, DragDrop, FormDataExtended,
  HandlebarsApplicationMixin, ItemSheetV2, TextEditor, appv1, instances
} from "./applications.mjs";
import { getTemplate, loadTemplates, registerHelpers, renderTemplate } from "./handlebars.mjs";
import { ClientKeybindings, ClientSettings, CompendiumCollection, Localization } from "./game.mjs";
import { Database, HarnessSocket } from "./database.mjs";
import { GameTime } from "./time.mjs";
import { ChatLog, CombatTracker, Notifications, Sidebar } from "./ui.mjs";
import { SceneControls } from "./controls.mjs";
import { SceneNavigation } from "./navigation.mjs";
import { Combat, CombatEncounters, Combatant } from "./combat.mjs";
import { Playlist, PlaylistSound, Playlists } from "./playlists.mjs";
import { CORE_PAGE_TYPES, Journal, JournalEntry, JournalEntryPage } from "./journals.mjs";
import * as journalSheets from "./journal-sheets.mjs";
import { WallDocument } from "./walls.mjs";
import { RegionBehavior, RegionBehaviorType, RegionDocument, syncSceneRegions } from "./regions.mjs";
import { BasePlaceableHUD, TokenHUD } from "./hud.mjs";
import { ActorDelta, BaseGrid, HarnessCanvas, Scene, Scenes, SquareGrid, Token, TokenDocument, TokenLayer } from "./canvas.mjs";

/** A core-like default list; the system normally replaces it (the full v13 core list is not reproduced). */
const CORE_STATUS_EFFECTS = [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
  { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
  { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
  { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
  { id: "fly", name: "EFFECT.StatusFlying", img: "icons/svg/wing.svg" },
  { id: "hover", name: "EFFECT.StatusHover", img: "icons/svg/wingfoot.svg" },
  { id: "burrow", name: "EFFECT.StatusBurrow", img: "icons/svg/mole.svg" }
];

/** The document types of a document that has sub-types: "base" plus the manifest's. */
const typesOf = (manifest, documentName) =>
  Array.from(new Set(["base", ...Object.keys(manifest.documentTypes?.[documentName] ?? {})]));

/** v13 core RegionBehavior types (not implemented by the stand-in: no data model, they handle no events). */
const CORE_REGION_BEHAVIORS = ["adjustDarknessLevel", "displayScrollingText", "executeMacro", "executeScript",
  "modifyMovementCost", "pauseGame", "suppressWeather", "teleportToken", "toggleBehavior"];
/**
 * A package's sub-types of one document as v13 names them: a **system's** keys verbatim (dnd5e 5.3.3's system.json
 * declares `"dnd5e.difficultTerrain"` and registers `CONFIG.RegionBehavior.dataModels["dnd5e.difficultTerrain"]`;
 * core v13 `common/packages/sub-types.mjs` AdditionalTypesField validates the keys and never rewrites them), a
 * **module's** with `<moduleId>.` in front (https://foundryvtt.com/article/module-sub-types: a module "quest-pages"
 * declaring `quest` gets the type `quest-pages.quest`).
 * @param {{id: string, documentTypes?: object}} pkg  @param {"system"|"module"} packageType  @param {string} documentName
 * @returns {string[]}
 */
const packageSubTypes = (pkg, packageType, documentName) => Object.keys(pkg.documentTypes?.[documentName] ?? {})
  .map(t => (packageType === "module" ? `${pkg.id}.${t}` : t));
const regionBehaviorTypes = manifest => [...CORE_REGION_BEHAVIORS, ...packageSubTypes(manifest, "system", "RegionBehavior")];

function installGlobals(socket, database, world) {
  const manifest = world.system;
  globalThis.CONST = CONST;
  globalThis.Hooks = Hooks;
  globalThis.foundry = {
    CONST,
    utils: {
      mergeObject: utils.mergeObject, deepClone: utils.deepClone, getProperty: utils.getProperty,
      setProperty: utils.setProperty, hasProperty: utils.hasProperty, expandObject: utils.expandObject,
      flattenObject: utils.flattenObject, escapeHTML: utils.escapeHTML, randomID: utils.randomID,
      debounce: utils.debounce, isEmpty: utils.isEmpty, isNewerVersion: utils.isNewerVersion, getType: utils.getType,
      diffObject: utils.diffObject, objectsEqual: utils.objectsEqual, parseHTML: utils.parseHTML,
      isSubclass: utils.isSubclass, Collection: utils.Collection, getDocumentClass
    },
    abstract: { DataModel, TypeDataModel },
    data: { fields, validators: { isValidId: utils.isValidId, isJSON: utils.isJSON }, regionBehaviors: { RegionBehaviorType } },
    documents: { Actor, ActorDelta, Item, ActiveEffect, ChatMessage, User, Combat, Combatant, Scene, TokenDocument,
      Playlist, PlaylistSound, JournalEntry, JournalEntryPage,
      RegionDocument, RegionBehavior,
      abstract: { WorldCollection },
      collections: { Actors, Items, ChatMessages, Users, CombatEncounters, Scenes, Playlists, Journal, CompendiumCollection } },
    grid: { BaseGrid, SquareGrid },
    canvas: { placeables: { Token }, layers: { TokenLayer } },
    dice: { Roll, terms },
    applications: {
      api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
      sheets: { ActorSheetV2, ItemSheetV2, journal: { JournalEntrySheet: journalSheets.JournalEntrySheet,
        JournalEntryPageSheet: journalSheets.JournalEntryPageSheet,
        JournalEntryPageHandlebarsSheet: journalSheets.JournalEntryPageHandlebarsSheet,
        JournalEntryPageTextSheet: journalSheets.JournalEntryPageTextSheet,
        JournalEntryPageImageSheet: journalSheets.JournalEntryPageImageSheet,
        JournalEntryPagePDFSheet: journalSheets.JournalEntryPagePDFSheet,
        JournalEntryPageVideoSheet: journalSheets.JournalEntryPageVideoSheet } },
      apps: { DocumentSheetConfig },
      ux: { TextEditor, FormDataExtended, DragDrop },
      handlebars: { getTemplate, loadTemplates, renderTemplate },
      hud: { BasePlaceableHUD, TokenHUD },
      instances
    },
    appv1
  };
  Object.assign(globalThis, { Actor, Item, ActiveEffect, ChatMessage, User, Combat, Combatant, Scene, TokenDocument, Roll,
    Playlist, PlaylistSound, JournalEntry, JournalEntryPage,
    RegionDocument, RegionBehavior,
    fromUuid, fromUuidSync, getDocumentClass });

  globalThis.CONFIG = {
    Actor: { documentClass: Actor, dataModels: {}, typeLabels: {}, sheetClasses: {}, trackableAttributes: {} },
    Item: { documentClass: Item, dataModels: {}, typeLabels: {}, sheetClasses: {} },
    ActiveEffect: { documentClass: ActiveEffect, dataModels: {}, legacyTransferral: false },
    ChatMessage: { documentClass: ChatMessage, dataModels: {}, typeLabels: {}, template: "templates/sidebar/chat-message.hbs" },
    User: { documentClass: User },
    Combat: { documentClass: Combat, dataModels: {}, typeLabels: {}, initiative: { formula: null, decimals: 2 } },
    Combatant: { documentClass: Combatant, dataModels: {}, typeLabels: {} },
    Scene: { documentClass: Scene },
    Playlist: { documentClass: Playlist },
    PlaylistSound: { documentClass: PlaylistSound },
    JournalEntry: { documentClass: JournalEntry, sheetClasses: {} },
    JournalEntryPage: { documentClass: JournalEntryPage, dataModels: {}, typeLabels: {}, defaultType: "text", sheetClasses: {} },
    Region: { documentClass: RegionDocument },
    Wall: { documentClass: WallDocument },
    RegionBehavior: { documentClass: RegionBehavior, dataModels: {}, typeLabels: {}, typeIcons: {} },
    Token: { documentClass: TokenDocument, objectClass: Token, layerClass: TokenLayer, hudClass: TokenHUD },
    ActorDelta: { documentClass: ActorDelta },
    time: { roundTime: 6, turnTime: 0 },
    Dice: { rolls: [Roll], terms: { d: Die }, randomUniform: Math.random,
      rollModes: {
        publicroll: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
        gmroll: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
        blindroll: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
        selfroll: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" }
      } },
    statusEffects: utils.deepClone(CORE_STATUS_EFFECTS),
    specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind", BURROW: "burrow", HOVER: "hover", FLY: "fly" },
    queries: { dialog: DialogV2._handleQuery },
    sounds: { dice: "sounds/dice.wav" },
    ux: { TextEditor, DragDrop },
    debug: { dice: false }
  };

  const game = {
    userId: world.userId,
    ready: false,
    release: { generation: 13, build: 345 },
    version: "13.345",
    system: utils.deepClone(manifest),
    world: { id: "harness", title: "Harness World" },
    documentTypes: {
      Actor: packageSubTypes(manifest, "system", "Actor"),
      Item: packageSubTypes(manifest, "system", "Item"),
      ChatMessage: ["base"], ActiveEffect: ["base"], User: ["base"],
      Combat: typesOf(manifest, "Combat"), Combatant: typesOf(manifest, "Combatant"), Scene: ["base"], Token: ["base"],
      Region: ["base"], RegionBehavior: regionBehaviorTypes(manifest),
      JournalEntry: ["base"],
      JournalEntryPage: [...CORE_PAGE_TYPES, ...packageSubTypes(manifest, "system", "JournalEntryPage")]
    },
    settings: new ClientSettings(),
    time: new GameTime(),
    keybindings: new ClientKeybindings(),
    i18n: new Localization(),
    socket: { on: (e, fn) => socket.on(e, fn), off: (e, fn) => socket.off(e, fn), emit: (e, ...a) => socket.emit(e, ...a) },
    collections: new utils.Collection(),
    packs: new utils.Collection(),
    users: null,
    actors: null,
    items: null,
    scenes: null,
    combats: null,
    messages: null,
    playlists: null,
    journal: null,
    harness: { socket, database, activeUsers: new Set(world.activeUsers),
      /** TEST ONLY: move the server clock on by `ms` (as if that much real time passed); resolves once applied here. */
      skewTime: ms => socket.request("skewTime", { ms }).then(t => (game.time._sync(t), t)) },
    /** v13 Game#paused: is the world paused (server state, relayed to every client). */
    paused: Boolean(world.paused),
    /**
     * v13 Game#togglePause(pause, {broadcast, userId}): set the pause state; with `broadcast` (GM only) the server
     * relays it to every client, each of which calls the `pauseGame` hook; without it only this client changes.
     * @param {boolean} [pause]  Defaults to the opposite of the current state.
     * @param {{broadcast?: boolean, userId?: string}} [options]
     */
    togglePause(pause, { broadcast = false, userId } = {}) {
      const paused = pause ?? !this.paused;
      if (broadcast) return socket.request("pause", { paused });
      this.paused = paused;
      Hooks.callAll("pauseGame", paused, { broadcast, userId: userId ?? this.userId });
      return Promise.resolve(paused);
    },
    get user() {
      return this.users?.get(this.userId) ?? null;
    },
    /** v13 Game#combat: the viewed combat encounter. */
    get combat() {
      return this.combats?.viewed ?? null;
    }
  };
  globalThis.game = game;
  for (const doc of ["Actor", "Item"]) {
    for (const type of game.documentTypes[doc]) CONFIG[doc].typeLabels[type] = `TYPES.${doc}.${type}`;
  }
  game.settings.register("core", "rollMode", { name: "CHAT.RollVisibility", scope: "client", config: true,
    type: String, default: CONST.DICE_ROLL_MODES.PUBLIC, choices: Object.values(CONST.DICE_ROLL_MODES) });
  game.settings.register("core", Combat.CONFIG_SETTING, { scope: "world", config: false, type: Object,
    default: { resource: "", skipDefeated: false } });
  game.time.register();
  game.settings.register("core", "gridDiagonals", { scope: "world", config: true, type: Number,
    default: manifest.grid?.diagonals ?? CONST.GRID_DIAGONALS.EQUIDISTANT });
  registerCoreSheets();
  globalThis.canvas = new HarnessCanvas(document.getElementById("board"));
  canvas.hud.token = canvas.tokens.hud = new CONFIG.Token.hudClass();
}

/**
 * Core's own sheets, registered before the system's init as v13 does (dnd5e's init unregisters core's, so they are
 * already there): the journal entry sheet and one page sheet per core page type. The system's page types get none.
 */
function registerCoreSheets() {
  DocumentSheetConfig.registerSheet(JournalEntry, "core", journalSheets.JournalEntrySheet, { types: ["base"], makeDefault: true, label: "JOURNAL.Entry" });
  for (const [type, cls] of Object.entries(journalSheets.CORE_PAGE_SHEETS)) {
    DocumentSheetConfig.registerSheet(JournalEntryPage, "core", cls, { types: [type], makeDefault: true, label: cls.name });
  }
}

function buildWorld(world) {
  const g = globalThis.game;
  g.users = new Users("User");
  g.actors = new Actors("Actor");
  g.items = new Items("Item");
  g.scenes = new Scenes("Scene");
  g.combats = new CombatEncounters("Combat");
  g.messages = new ChatMessages("ChatMessage");
  g.playlists = new Playlists("Playlist");
  g.journal = new Journal("JournalEntry");
  for (const c of [g.users, g.actors, g.items, g.scenes, g.combats, g.messages, g.playlists, g.journal]) g.collections.set(c.documentName, c);
  for (const u of world.users) g.users._addFromSource(u);
  for (const a of world.actors) g.actors._addFromSource(a);
  for (const i of world.items) g.items._addFromSource(i);
  for (const s of world.scenes ?? []) g.scenes._addFromSource(s);
  for (const s of g.scenes) syncSceneRegions(s, { silent: true });
  for (const c of world.combats ?? []) g.combats._addFromSource(c);
  for (const m of world.messages) g.messages._addFromSource(m);
  for (const p of world.playlists ?? []) g.playlists._addFromSource(p);
  for (const j of world.journal ?? []) g.journal._addFromSource(j);
  g.settings._initialize(world.settings);
  g.time.initialize();
  g.time._sync(world.serverTime);
  for (const p of world.system.packs ?? []) {
    const id = `${world.system.id}.${p.name}`;
    g.packs.set(id, new CompendiumCollection({ ...p, id, packageType: "system", packageName: world.system.id }));
  }
}

async function boot() {
  const userId = new URLSearchParams(location.search).get("user");
  const socket = new HarnessSocket();
  const database = new Database(socket);
  const pending = [];
  let live = false;
  socket.onEvent = msg => {
    if (!live) return void pending.push(msg);
    handleEvent(msg);
  };
  const world = await socket.connect(userId);
  installGlobals(socket, database, world);
  globalThis.ui = { notifications: new Notifications(document.getElementById("notifications")) };
  registerHelpers();

  for (const path of world.system.styles ?? []) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `systems/${world.system.id}/${path}`;
    document.head.append(link);
  }
  for (const path of world.system.esmodules ?? []) await import(new URL(`systems/${world.system.id}/${path}`, document.baseURI));
  // Stand-in modules load after the system, as v13 loads modules' scripts after the system's (tests turn them on
  // with `window.harnessModules = ["quench"]` in an init script).
  if (globalThis.harnessModules?.includes("quench")) await (await import("./quench.mjs")).installQuench();

  Hooks.callAll("init");
  const languages = (world.system.languages ?? []).filter(l => l.lang === "en").map(l => `systems/${world.system.id}/${l.path}`);
  await game.i18n.initialize(["harness/lang/core.json", ...languages]);
  Hooks.callAll("i18nInit");

  buildWorld(world);
  Hooks.callAll("setup");
  game.keybindings.initialize();

  document.getElementById("harness-user").textContent = `${game.user.name}`;
  ui.sidebar = new Sidebar(document.getElementById("sidebar"));
  ui.chat = new ChatLog(document.getElementById("chat-log"));
  ui.combat = new CombatTracker(document.getElementById("combat-tracker"));
  ui.sidebar.render();
  await ui.chat.render();
  canvas.draw();
  ui.combat.render();
  ui.controls = new SceneControls(document.getElementById("scene-controls"));
  ui.nav = new SceneNavigation(document.getElementById("scene-navigation"));

  live = true;
  for (const msg of pending.splice(0)) handleEvent(msg);
  game.ready = true;
  document.body.dataset.ready = "true";
  Hooks.callAll("ready");
  // v13 draws the scene controls and navigation once the game is ready (and again as scenes change)
  ui.controls.render();
  ui.nav.render();
}

function handleEvent(msg) {
  try {
    if (msg.type === "modifyDocument") game.harness.database.apply(msg);
    else if (msg.type === "pause") {
      game.paused = msg.paused;
      Hooks.callAll("pauseGame", msg.paused, { broadcast: true, userId: msg.userId });
    } else if (msg.type === "clock") game.time._sync(msg.serverTime);
    else if (msg.type === "settle") game.harness.socket.settled(msg.id);
    else if (msg.type === "userActivity") {
      if (msg.active) game.harness.activeUsers.add(msg.userId);
      else game.harness.activeUsers.delete(msg.userId);
      Hooks.callAll("userConnected", game.users.get(msg.userId), msg.active);
    }
  } catch (err) {
    console.error("The harness could not apply a server event", msg, err);
  }
}

boot().catch(err => {
  console.error("Harness boot failed:", err);
  document.body.dataset.bootError = err.message;
  const box = document.getElementById("notifications");
  const li = document.createElement("li");
  li.className = "notification error";
  li.setAttribute("role", "alert");
  li.textContent = `Boot failed: ${err.message}`;
  box?.append(li);
});
