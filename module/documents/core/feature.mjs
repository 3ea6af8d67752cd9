/**
 * A feature's manifest (issue 27): what one feature folder hands the entry to register, in one place. Each feature's
 * face (`documents/<feature>/<feature>.mjs`, the platform's `documents/core/core.mjs`) and each window with hooks
 * exports one, `export const feature = {id, requests, hooks, roundEndSteps, api}`, and the entry
 * (module/the-smoke.mjs) registers every manifest in one loop:
 * - `id`: the feature's name in `game.system.api` (`chase`, `vehicles`, `streetMap` …); a window that serves a
 *   feature carries that feature's id;
 * - `requests`: request type → the GM's handler (documents/core/requests.mjs registers and authenticates them);
 * - `hooks`: hook name → a handler, or a list of handlers for the same hook;
 * - `roundEndSteps`: the feature's part of the end of a fight's round, each placed by the book's step
 *   (documents/fight/combat.mjs runs them in that order);
 * - `api`: what macros and other modules reach as `game.system.api[id]` ({@link buildApi}).
 * A face made of parts merges its parts' tables with {@link mergeParts}, so no feature registers itself.
 * @module documents/core/feature
 */

/**
 * @typedef {(...args: any[]) => any} HookHandler
 * @typedef {object} RoundEndStep  A feature's part of the end of a round (rulebook: When it kicks off › End a round).
 * @property {string} id  Who it is, for the order's test and errors ("fight.people", "chase.firesAndEnd").
 * @property {number} at  The book's step of End a round it begins at (1 ongoing harm … 4 vehicle fires and the
 *   chase's end); the steps run in this order, a tie in the order they were registered.
 * @property {(combat: any) => Promise<string[]>} run  GM side: applies itself, returns what happened, in words.
 * @typedef {object} FeatureTables
 * @property {Record<string, (user: any, data: any) => any>} requests  Request type → the GM's handler.
 * @property {Record<string, HookHandler|HookHandler[]>} hooks  Hook name → its handler or handlers.
 * @property {RoundEndStep[]} roundEndSteps  The feature's round-end steps.
 * @typedef {Partial<FeatureTables> & {id: string, api?: Record<string, any>}} Feature  A feature's manifest.
 */

/**
 * Merge the tables of a feature's parts (each a module that may export `requests`, `hooks`, `roundEndSteps`).
 * @param {{requests?: object, hooks?: object, roundEndSteps?: RoundEndStep[]}[]} parts  The parts, in registration
 *   order.
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

/**
 * `game.system.api`: the entry's own names, then each manifest's `api` under its id (a feature's face and its
 * windows share an id, so their apis join), then the short paths older than the manifests, each naming a manifest's
 * entry ("core.requestGM").
 * @param {Record<string, any>} own  The entry's own names (the rules, the windows' classes …).
 * @param {Feature[]} features  The manifests, in registration order.
 * @param {Record<string, string>} [shortPaths]  Top-level name → "id.name" of a manifest's api entry.
 * @returns {Record<string, any>}
 * @throws {Error} naming the feature and the name, when a name is given twice or a short path names nothing.
 */
export function buildApi(own, features, shortPaths = {}) {
  /** @type {Record<string, any>} */
  const api = { ...own };
  for (const feature of features) {
    if (!feature.api) continue;
    if (feature.id in own) throw new Error(`feature "${feature.id}": its id is one of the entry's own api names`);
    const into = (api[feature.id] ??= {});
    for (const [name, value] of Object.entries(feature.api)) {
      if (name in into) throw new Error(`feature "${feature.id}": api name "${name}" is given twice`);
      into[name] = value;
    }
  }
  for (const [name, path] of Object.entries(shortPaths)) {
    const [id, key] = path.split(".");
    if (name in api) throw new Error(`short api path "${name}" is taken`);
    if (api[id]?.[key] === undefined) throw new Error(`short api path "${name}": feature "${id}" has no api name "${key}"`);
    api[name] = api[id][key];
  }
  return api;
}
