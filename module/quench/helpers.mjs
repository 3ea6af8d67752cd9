/**
 * What every Quench batch of The Smoke shares (module/quench/; loaded only when Quench is on). A batch runs in a
 * GM's real world: it makes its own documents through {@link sandbox} and deletes exactly those after; it fixes
 * the dice by swapping `CONFIG.Dice.randomUniform` (v13 maps u to the face ceil((1 − u) × faces)) and puts the
 * original back; it works the system's windows through their DOM as a GM would click them.
 */
import { docAt, systemApi } from "../documents/core/lookup.mjs";

/**
 * @typedef {object} QuenchContext  The batch context Quench passes (Mocha's bdd functions, Chai's assert/expect).
 * @property {Function} describe
 * @property {Function} it
 * @property {Function} before
 * @property {Function} after
 * @property {Function} beforeEach
 * @property {Function} afterEach
 * @property {any} assert
 * @property {any} expect
 */

/** How long a step waits for the world to answer (a request to the GM, a window to render), in ms. */
export const WAIT_MS = 15000;

/**
 * A batch's own documents: created through it, deleted (newest first) by `cleanup`, with the chat messages this
 * user posted while it was open (and until 0.5 s passes without one). Nothing else in the world is touched.
 */
export function sandbox() {
  /** @type {any[]} */
  const docs = [];
  const messages = new Set();
  /** @type {number|null} */
  let hook = null;
  let lastMessageAt = 0;
  return {
    docs,
    /** Start recording the chat messages this user creates (a check's card, a Heat card…). */
    open() {
      hook = Hooks.on("createChatMessage", (message, options, userId) => {
        if (userId !== game.user.id) return;
        messages.add(message.id);
        lastMessageAt = Date.now();
      });
    },
    /** Create a document of `cls` (Actor, Scene, Combat…) and keep it to delete after. */
    async create(cls, data, options = {}) {
      const doc = await cls.create(data, options);
      docs.push(doc);
      return doc;
    },
    /** Keep a document the system created for this batch (an imported actor, a token made by a crossing). */
    keep(doc) {
      if (doc) docs.push(doc);
      return doc;
    },
    /** Delete what this batch made: its messages, then its documents, newest first (a gone one is skipped). */
    async cleanup() {
      // A card the system posts a moment after the last step (a job's pay card): wait for 0.5 s without one (≤ 3 s).
      const until = Date.now() + 3000;
      while (Date.now() - lastMessageAt < 500 && Date.now() < until) await new Promise(resolve => setTimeout(resolve, 100));
      if (hook !== null) Hooks.off("createChatMessage", hook);
      const ids = [...messages].filter(id => game.messages.get(id));
      if (ids.length) await ChatMessage.implementation.deleteDocuments(ids);
      for (const doc of docs.reverse()) {
        const live = /** @type {{delete: () => Promise<unknown>}|null} */ (doc.uuid ? docAt(doc.uuid) : null);
        if (live) await live.delete();
      }
      docs.length = 0;
    }
  };
}

/**
 * The usual frame of a batch: refuse to run but as the active GM, open a sandbox before, and after: the batch's own
 * `teardown` (close its windows, put back the viewed scene…), the world's dice, then the sandbox's documents
 * deleted. Call inside a `describe`; returns the sandbox.
 * @param {QuenchContext} context
 * @param {{setup?: () => unknown, teardown?: () => unknown}} [steps]
 */
export function useSandbox({ before, after }, { setup, teardown } = {}) {
  const box = sandbox();
  before(async function () {
    if (!game.user.isGM || game.users.activeGM?.id !== game.user.id) {
      throw new Error("Run The Smoke's Quench batches as the active GM.");
    }
    box.open();
    await setup?.();
  });
  after(async function () {
    try {
      await teardown?.();
    } finally {
      restoreDice();
      await box.cleanup();
    }
  });
  return box;
}

/** @type {(() => number)|null} the randomUniform the world had before {@link fixDice} */
let originalUniform = null;

/**
 * Fix the next dice: each `[face, faces]` pair is one die's result, in the order the system rolls them. A roll past
 * the list throws (the batch fails rather than rolling at random). Undo with {@link restoreDice}.
 * @param {Array<[number, number]>} faces
 * @returns {{left: () => number}}
 */
export function fixDice(faces) {
  originalUniform ??= CONFIG.Dice.randomUniform;
  const seq = faces.map(([f, n]) => 1 - (f - 0.5) / n);
  let i = 0;
  CONFIG.Dice.randomUniform = () => {
    if (i >= seq.length) throw new Error("The Smoke's Quench batch: the fixed dice ran out");
    return seq[i++];
  };
  return { left: () => seq.length - i };
}

/** Put the world's own dice back. */
export function restoreDice() {
  if (originalUniform) CONFIG.Dice.randomUniform = originalUniform;
  originalUniform = null;
}

/**
 * Wait until `fn()` returns something truthy (it may be async); resolve with it.
 * @template T
 * @param {() => T|Promise<T>} fn
 * @param {string} what  said in the error when it never comes
 * @param timeout
 * @returns {Promise<Exclude<Awaited<T>, null|undefined|false|0|"">>}
 */
export async function waitFor(fn, what, timeout = WAIT_MS) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await fn();
    if (value) return /** @type {Exclude<Awaited<T>, null|undefined|false|0|"">} */ (value); // truthy
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}${shownNotices()}`);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

/** The notifications on screen (a refusal the system showed), for a timeout's message. */
function shownNotices() {
  const shown = [...document.querySelectorAll("#notifications li, #notifications .notification")].map(n => n.textContent?.trim());
  return shown.length ? ` (on screen: ${shown.slice(-3).join(" | ")})` : "";
}

/**
 * A rendered window's element, waited for.
 * @param {string} selector  e.g. ".application.roll-dialog"
 * @param what
 * @returns {Promise<HTMLElement>}
 */
export async function windowOf(selector, what = selector) {
  return /** @type {HTMLElement} */ (await waitFor(() => document.querySelector(selector), `the window ${what}`));
}

/** Set a form field as a person would (value, then the change event the window listens for). */
export function setField(root, name, value) {
  const field = /** @type {HTMLInputElement|HTMLSelectElement|null} */ (root.querySelector(`[name="${name}"]`));
  if (!field) throw new Error(`No field ${name} in the window`);
  field.value = String(value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
  return field;
}

/**
 * Click the element that matches `selector` inside `root` (waited for), as it is in the page at that moment: a
 * window that re-renders between the look-up and the click would leave a detached button that hears nothing.
 */
export async function click(root, selector) {
  for (;;) {
    // an element a window has disabled (an action of its still running) is waited for until it is enabled
    const el = /** @type {HTMLElement} */ (await waitFor(() => {
      const found = /** @type {HTMLButtonElement|null} */ (root.querySelector(selector));
      return found && !found.disabled ? found : null;
    }, selector));
    if (el.isConnected) {
      el.click();
      return el;
    }
  }
}

/**
 * The next chat message that passes `test`, waited for (start waiting before the click).
 * @param {(message: ChatMessage.Implementation) => boolean} test
 * @param what
 * @returns {Promise<ChatMessage.Implementation>}
 */
export function nextMessage(test = () => true, what = "a chat message") {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      Hooks.off("createChatMessage", id);
      reject(new Error(`Timed out waiting for ${what}`));
    }, WAIT_MS);
    const id = Hooks.on("createChatMessage", message => {
      if (!test(message)) return;
      clearTimeout(timer);
      Hooks.off("createChatMessage", id);
      resolve(message);
    });
  });
}

/** A pregenerated character imported from the system's compendium into the sandbox. */
export async function pregen(box, name) {
  const pack = /** @type {CompendiumCollection<"Actor">} */ (game.packs.get(`${game.system.id}.pregens`));
  const entry = (await pack.getIndex()).contents.find(e => e.name === name);
  if (!entry) throw new Error(`No pregen ${name}`);
  return box.keep(await game.actors.importFromCompendium(pack, entry._id));
}

/** An item's data from one of the system's compendia (by name). */
export async function packItem(packName, name) {
  const pack = /** @type {any} */ (game.packs.get(`${game.system.id}.${packName}`));
  const entry = (await pack.getIndex()).contents.find(e => e.name === name);
  if (!entry) throw new Error(`No ${name} in ${packName}`);
  return (await pack.getDocument(entry._id)).toObject();
}

/** Close the windows of The Smoke this batch opened (by class), so a run leaves the screen as it found it. */
export async function closeWindows(...classes) {
  for (const app of foundry.applications.instances.values()) {
    if (classes.some(c => app.options?.classes?.includes(c))) await app.close();
  }
}

/**
 * The system's API (game.system.api: the entry builds it in init).
 * @returns {SmokeApi}
 */
export const api = () => systemApi();
