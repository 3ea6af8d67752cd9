/**
 * A feature's manifest (issue 27): what one feature folder hands the entry to register, in one place. A feature's
 * face (`documents/<feature>/<feature>.mjs`) and a window with hooks export these names, and the entry
 * (module/the-smoke.mjs) registers every feature in one loop:
 * - `requests`: request type → the GM's handler (documents/core/requests.mjs registers and authenticates them);
 * - `hooks`: hook name → a handler, or a list of handlers for the same hook;
 * - `roundEndSteps`: steps run at the end of a fight's round (documents/fight/combat.mjs addRoundEndStep).
 * A face made of parts merges its parts' tables with {@link mergeParts}, so no feature registers itself.
 * @module documents/core/feature
 */

/**
 * @typedef {(...args: any[]) => any} HookHandler
 * @typedef {object} FeatureTables
 * @property {Record<string, (user: any, data: any) => any>} requests  Request type → the GM's handler.
 * @property {Record<string, HookHandler|HookHandler[]>} hooks  Hook name → its handler or handlers.
 * @property {((...args: any[]) => any)[]} roundEndSteps  The feature's round-end steps, in order.
 */

/**
 * Merge the tables of a feature's parts (each a module that may export `requests`, `hooks`, `roundEndSteps`).
 * @param {{requests?: object, hooks?: object, roundEndSteps?: any[]}[]} parts  The parts, in registration order.
 * @returns {FeatureTables}
 * @throws {Error} when two parts handle the same request type.
 */
export function mergeParts(parts) {
  /** @type {FeatureTables} */
  const merged = { requests: {}, hooks: {}, roundEndSteps: [] };
  for (const part of parts) {
    for (const [type, handler] of Object.entries(part.requests ?? {})) {
      if (type in merged.requests) throw new Error(`two handlers for the request "${type}"`);
      merged.requests[type] = handler;
    }
    for (const [name, fn] of Object.entries(part.hooks ?? {})) {
      merged.hooks[name] = [...handlersOf(merged.hooks[name]), ...handlersOf(fn)];
    }
    merged.roundEndSteps.push(...(part.roundEndSteps ?? []));
  }
  return merged;
}

/**
 * A hook table's entry as a list of handlers.
 * @param {HookHandler|HookHandler[]|undefined} entry
 * @returns {HookHandler[]}
 */
export function handlersOf(entry) {
  return entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
}
