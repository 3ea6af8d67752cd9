/**
 * The street map (issue 17): EXIT strips that follow a linked map edge, the graph of linked scenes, and H — the
 * number of connected street-map hops that job clocks and pay count.
 *
 * - The EXIT strip is the region behaviour type `the-smoke.exit` (data/exit-behavior.mjs), registered here with its
 *   handlers: a token's `tokenMoveIn` is acted on by the **active GM only**, for the user who moved it (v13 hands each
 *   client the event with the moving `event.user`, from the server's record of the update): the GM re-checks and
 *   performs the crossing (street-map/crossing.mjs). The mover's own client only warns when it will be refused.
 *   `tokenMoveOut` clears a token's arrival marker (GM).
 * - `streetMap.cross` is the same crossing as a request (a macro, or a button that takes a token standing on a strip
 *   across): the GM checks the token stands on the strip.
 * - The graph is read from every scene's strips; {@link checkStreetMap} lists the faults (a strip linked to no scene,
 *   a missing scene or strip, a one-way link) by name; the active GM is told on `ready`, and any GM can run it from
 *   the scene controls (*Check street map*), which whispers the report to the GMs.
 *
 * API: `game.system.api.streetMap` = {graph, hops, route, check, report, cross, link, crossings}.
 * Rulebook: Vehicles and movement › Crossing London; Jobs and service shifts › Published clock windows (H).
 * @module documents/street-map
 */
import { defineExitBehavior, EXIT_TYPE } from "../../data/exit-behavior.mjs";
import { checkGraph, graphOf, hops as hopsOn, route as routeOn } from "../../rules/street-map.mjs";
import { requestGM } from "../core/requests.mjs";
import { cross, crossings, pathEntry, refusal, resumeCrossings, SYSTEM_ID } from "./crossing.mjs";
import { tokenIn } from "../core/scene-area.mjs";
import { L, allStrips, exitBehaviors, regionAt } from "./strips.mjs";
import { mergeParts } from "../core/feature.mjs";

const REPORT = "systems/the-smoke/templates/chat/street-map-check.hbs";

/**
 * The street map's graph: each scene id → the scene ids its EXIT strips link to.
 * @returns {Record<string, string[]>}
 */
export const graph = () => graphOf(allStrips());

/**
 * H between two scenes.
 * @param {string} fromSceneId
 * @param {string} toSceneId
 * @returns {number|null}  null when not connected.
 */
export const hops = (fromSceneId, toSceneId) => hopsOn(graph(), fromSceneId, toSceneId);

/**
 * The way to another scene: the hops and the EXIT strip to take on this one.
 * @param {string} fromSceneId
 * @param {string} toSceneId
 * @returns {{hops: number, exitRegionUuid: string|null}|null}
 */
export const route = (fromSceneId, toSceneId) => routeOn(allStrips(), fromSceneId, toSceneId);

/**
 * The street map's faults, in words, by strip and scene name.
 * @returns {{kind: string, strip: string, scene: string, message: string}[]}
 */
export function checkStreetMap() {
  const scenes = /** @type {any[]} */ (game.scenes?.contents ?? []);
  const regions = scenes.flatMap(s => Array.from(s.regions ?? []).map(r => ({ uuid: r.uuid, sceneId: s.id })));
  const problems = checkGraph({ scenes: scenes.map(s => s.id), strips: allStrips(), regions });
  return problems.map(p => {
    const where = { strip: p.name, scene: game.scenes.get(p.sceneId)?.name ?? p.sceneId };
    return { kind: p.kind, strip: p.strip, scene: where.scene, message: L(`SMOKE.StreetMap.problem.${p.kind}`, where) };
  });
}

/** GM: whisper the street map's check to the GMs (the scene-controls button). */
export async function reportStreetMap() {
  const problems = checkStreetMap();
  const content = await foundry.applications.handlebars.renderTemplate(REPORT, { problems, count: allStrips().length });
  await ChatMessage.create({ content, whisper: game.users.filter(u => u.isGM).map(u => u.id),
    speaker: ChatMessage.getSpeaker(), flags: { [SYSTEM_ID]: { streetMapCheck: true } } });
  return problems;
}

/**
 * GM: link two strips both ways (each gets an EXIT behaviour, or its first one updated, naming the other).
 * @param {any} a
 * @param {any} b  RegionDocuments (or their UUIDs) on two scenes.
 * @returns {Promise<void>}
 * @throws {Error} for a non-GM, or a region that is missing or on the same scene as the other.
 */
export async function linkStrips(a, b) {
  if (!game.user.isGM) throw new Error(L("SMOKE.Combat.gmOnly"));
  const [ra, rb] = [a, b].map(r => (typeof r === "string" ? regionAt(r) : r));
  if (!ra || !rb) throw new Error(L("SMOKE.Request.missing"));
  if (ra.parent === rb.parent) throw new Error(L("SMOKE.StreetMap.sameScene", { scene: ra.parent?.name ?? "" }));
  for (const [from, to] of [[ra, rb], [rb, ra]]) {
    const system = { toScene: to.parent.id, toStrip: to.uuid };
    const existing = exitBehaviors(from)[0];
    if (existing) await existing.update({ system });
    else await from.createEmbeddedDocuments("RegionBehavior", [{ name: L("TYPES.RegionBehavior.the-smoke.exit"), type: EXIT_TYPE, system }]);
  }
}

/**
 * Take a token standing on an EXIT strip across it (through the active GM).
 * @param {any} token  A TokenDocument.
 * @returns {Promise<{sceneId: string, tokenIds: string[]}|null>}
 */
export const crossNow = token => requestGM("streetMap.cross", { tokenUuid: token?.uuid ?? "" });

// ------------------------------------------------------------------------------------------------ the behaviour's events

/**
 * The token's move brought it into a strip: the active GM crosses it for the mover.
 * @this {any}
 */
async function onMoveIn(event) {
  const token = event.data?.token;
  const region = this.parent?.region ?? event.region;
  const user = event.user;
  if (!token || !region || !user) return;
  if (token.getFlag?.(SYSTEM_ID, "carried") || token.getFlag?.(SYSTEM_ID, "arrived") === region.uuid) return;
  if (!game.user.isActiveGM) {
    // The mover's client: say at once why the GM will not take it across (the GM decides).
    if (!user.isSelf) return;
    const no = refusal(user, token, region);
    if (no && !no.gm) ui.notifications.warn(no.message);
    if (!no) token.stopMovement?.(); // the rest of a drag through the strip is not carried on: the GM takes it across
    return;
  }
  if (exitBehaviors(region)[0] !== this.parent) return; // one crossing per strip, by its first EXIT behaviour
  // Any client can send a region event to every client (v13 RegionDocument#_triggerEvent emits "regionEvent" with the
  // sender's own event data; core client/documents/region.mjs, code index), so the GM acts only on its own record of
  // the token: the move the token's document shows (set from the server's update) is this user's, and it ends in the
  // strip or its path went through it; the path is read from that record, not from the event. (A token's `movement`
  // and its `user` are set on every client from the server's update: core client/documents/token.mjs
  // `#onUpdateMovement`, `const user = game.users.get(userId)`, code index.)
  const moved = token.movement;
  if (!moved?.user || moved.user.id !== user.id) return;
  if (!tokenIn(region, token) && !pathEntry(token, region, moved)) return;
  await cross(user, token, region, { movement: moved }).catch(err => console.warn("The Smoke |", err.message));
}

/** The token left the strip it landed on: its arrival marker goes (GM). */
async function onMoveOut(event) {
  const token = event.data?.token;
  if (!game.user.isActiveGM || !token || token.getFlag?.(SYSTEM_ID, "arrived") !== event.region?.uuid) return;
  if (token.parent?.tokens?.get(token.id)) await token.unsetFlag(SYSTEM_ID, "arrived");
}

/** Register the behaviour type (init). */
export function registerExitBehavior() {
  const base = foundry.data?.regionBehaviors?.RegionBehaviorType;
  const config = CONFIG.RegionBehavior;
  if (!base || !config) return;
  config.dataModels[EXIT_TYPE] = defineExitBehavior({ tokenMoveIn: onMoveIn, tokenMoveOut: onMoveOut });
  if (config.typeIcons) config.typeIcons[EXIT_TYPE] = "fa-solid fa-signs-post";
}

// ------------------------------------------------------------------------------------------------ requests and hooks

const requests = {
  /** A token standing on a strip is taken across for its owner (the checks of street-map/crossing.mjs). */
  "streetMap.cross": async (user, { tokenUuid }) => {
    const token = typeof tokenUuid === "string" ? /** @type {TokenDocument.Implementation | null} */ (fromUuidSync(/** @type {SmokeUuid} */ (tokenUuid))) : null;
    if (token?.documentName !== "Token") throw new Error(L("SMOKE.Request.missing"));
    if (!user.isGM && !token.testUserPermission(user, "OWNER")) throw new Error(L("SMOKE.Request.notOwner", { name: token.name }));
    const centre = token.getCenterPoint();
    const region = Array.from(token.parent?.regions ?? []).find(r => exitBehaviors(r).length
      && r.testPoint({ ...centre, elevation: token.elevation ?? 0 }));
    if (!region) throw new Error(L("SMOKE.StreetMap.notOnStrip", { name: token.name }));
    return cross(user, token, region);
  }
};

const hooks = {
  /** The active GM finishes interrupted crossings, then checks the street map. */
  ready: async () => {
    if (!game.user.isActiveGM) return;
    await resumeCrossings();
    const problems = checkStreetMap();
    if (problems.length) ui.notifications.warn(L("SMOKE.StreetMap.faults", { list: problems.map(p => p.message).join(" ") }), { permanent: true });
  },
  /** A GM's button: Check street map. */
  getSceneControlButtons: controls => {
    const tokens = controls.tokens ?? controls.token;
    if (!tokens?.tools || !game.user.isGM) return;
    tokens.tools.smokeStreetMap = { name: "smokeStreetMap", title: "SMOKE.StreetMap.check", icon: "fa-solid fa-map-location-dot",
      button: true, order: 92, onChange: () => reportStreetMap() };
  }
};

/** The street map's API (game.system.api.streetMap). */
const api = { graph, hops, route, check: checkStreetMap, report: reportStreetMap, cross: crossNow, link: linkStrips,
  crossings };

/**
 * The street map's manifest (documents/core/feature.mjs), registered by the entry: the request and hooks above. Its
 * api is `game.system.api.streetMap`.
 */
export const feature = { id: "streetMap", ...mergeParts([{ requests, hooks }]), api };
