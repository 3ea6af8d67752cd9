/**
 * What follows a crossing, on the active GM: the chase on the map left behind, and everyone's view.
 *
 * **The chase (ruling).** A chase is a fight on one map. Whoever crosses out of it has left it: each of their
 * combatants (the motor, everyone aboard, or the walker) is marked out of the chase (its side's GM-owned `chaseRole`
 * "none", documents/fight/combat-state.mjs), so the getaway check at the round's end measures only those still on the map;
 * and **when every wanted driver has left the map the chase is over** (the Combat's `chaseOver` flag, as
 * chase/getaway.mjs sets it, and one line in chat). The pursuers do not follow by themselves: the GM starts a new
 * fight on the new map if they give chase there. Gauges on the old fight are left as they were (that fight's record).
 *
 * **Views.** Players follow their character's token: every active user who owns one of the crossing actors (the motor,
 * its occupants, the walker), and the mover, are pulled to the new scene (v13 `Scene#pullUsers`); the GM's own view
 * follows only when the GM moved the token.
 *
 * Rulebook: The chase gauge (getting away); Playing through Foundry › Getting in.
 * @module documents/street-map/follow
 */
import { chaseSides, positionOf, sameActor } from "../chase/chase.mjs";
import { sideOf, writeSides } from "../fight/combat-state.mjs";
import { L } from "./strips.mjs";
import { SYSTEM_ID } from "../../generated/rules.mjs";
import { noteHTML } from "../core/chat-html.mjs";
import { actorAt } from "../core/lookup.mjs";

/**
 * GM, before the old tokens are deleted (deleting a token deletes its combatants in v13): the crossing actors leave
 * the fights on the map behind.
 * @param {import("./crossing.mjs").CrossingRecord} record
 * @param {any} from
 * @param {any} to  The scenes.
 */
export async function leaveFights(record, from, to) {
  // Each crossing actor, or what its UUID says of it once it is gone (a synthetic actor with its token).
  const crossed = record.actorUuids.map(u => actorAt(u) ?? { uuid: u, id: u.split(".").at(-1), isToken: u.includes("Token.") });
  await leaveChases(from, [...crossed, ...arrived(record, to)], new Set(record.tokens.map(t => t.oldId)));
}

/**
 * @param {import("./crossing.mjs").CrossingRecord} record
 * @param {any} to
 * @returns {any[]} The crossing actors as they stand on the new scene.
 */
const arrived = (record, to) => record.tokens.map(t => to.tokens.get(t.newId)?.actor).filter(Boolean);

/** GM: the crossing actors leave every started fight on the map behind; a chase with nobody wanted left ends. */
async function leaveChases(scene, actors, oldTokenIds) {
  for (const combat of /** @type {any[]} */ (game.combats?.contents ?? [])) {
    if (!combat.started || (combat.scene && combat.scene !== scene)) continue;
    const left = combat.combatants.filter(c => (c.tokenId && oldTokenIds.has(c.tokenId) && c.sceneId === scene.id)
      || actors.some(a => sameActor(c.actor, a)));
    if (!left.length) continue;
    const wantedBefore = chaseSides(combat).wanted.length;
    const patches = Object.fromEntries(left.filter(c => sideOf(c).chaseRole !== "none").map(c => [c.id, { chaseRole: "none" }]));
    if (Object.keys(patches).length) await writeSides(combat, patches);
    const { wanted } = chaseSides(combat);
    const onMap = wanted.filter(w => positionOf(w, scene));
    if (wantedBefore && !onMap.length && !combat.getFlag?.(SYSTEM_ID, "chaseOver")) {
      await combat.setFlag(SYSTEM_ID, "chaseOver", combat.round);
      await ChatMessage.create({ content: await noteHTML(L("SMOKE.StreetMap.chaseOver", { scene: scene.name }), "smoke-street-map-chase-over"),
        speaker: ChatMessage.getSpeaker() });
    }
  }
}

/**
 * GM, after the crossing: pull the crossing actors' owners (and the mover) to the new scene.
 * @param {import("./crossing.mjs").CrossingRecord} record
 * @param {any} to
 */
export function pullViews(record, to) {
  const actors = arrived(record, to);
  const users = new Set();
  for (const u of game.users) {
    if (!u.active || u.isGM) continue;
    if (u.id === record.userId || actors.some(a => a.testUserPermission(u, "OWNER"))) users.add(u.id);
  }
  if (users.size) to.pullUsers([...users]);
  if (record.userId === game.user.id) to.view();
}
