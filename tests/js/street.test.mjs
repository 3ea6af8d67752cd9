// Node tests of Street Control's rules (module/rules/street.mjs) and the police events (module/rules/police.mjs) with
// the rulebook's numbers: A d20 on the street; Police at the table (Event | What appears | Check / consequence);
// Rep, Renown and Influence › Relationship counters; Heat on your heels › When they catch up, Busted.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FOLLOW_UPS, STREET_DIE, narrativeEvents, placeFrom, streetEvent, streetState, wheelsBandSteps, STREET_PROFILES,
  TIMES_OF_DAY } from "../../module/rules/street.mjs";
import { hasWarrant, india99Sees, policeChecks, policeConsequence, searchFinds, stopStars } from "../../module/rules/police.mjs";
import { RULES } from "../../module/generated/rules.mjs";

test("the street events are the book's d20: twenty titles, 1 to 20", () => {
  assert.equal(STREET_DIE, 20);
  assert.equal(streetEvent(1).title, "Lea Boys turn up");
  assert.equal(streetEvent(2).title, "Patrol cruises past");
  assert.equal(streetEvent(20).title, "A proper opportunity");
  for (let r = 1; r <= 20; r++) assert.equal(streetEvent(r).roll, r);
  assert.throws(() => streetEvent(0), /no street event 0/);
  assert.throws(() => streetEvent(21), /no street event 21/);
});

test("each event the system can act on has its follow-up; the rest are narrative", () => {
  assert.deepEqual(streetEvent(1).followUp, { kind: "place", person: "lea-boy", count: 2 }); // "Two of Stretch's lads"
  assert.deepEqual(streetEvent(2).followUp, { kind: "anpr" });
  assert.deepEqual(streetEvent(3).followUp, { kind: "order" });
  assert.deepEqual(streetEvent(6).followUp, { kind: "hazard", hazard: "staffie-on-the-loose" });
  assert.deepEqual(streetEvent(7).followUp, { kind: "hazard", hazard: "bottle-thrown" });
  assert.deepEqual(streetEvent(9).followUp, { kind: "rain" });
  assert.deepEqual(streetEvent(12).followUp, { kind: "motor", vehicle: "mister-ripple-ice-cream-van" });
  assert.deepEqual(streetEvent(19).followUp, { kind: "hazard", hazard: "stray-bullet" });
  assert.deepEqual(streetEvent(20).followUp, { kind: "motor", vehicle: "tranzit-white-van" });
  assert.deepEqual(narrativeEvents(), [4, 5, 8, 10, 11, 13, 14, 15, 16, 17, 18]);
  const hazards = RULES.hazards.hazards.map(h => h.key);
  for (const f of Object.values(FOLLOW_UPS)) if (f.kind === "hazard") assert.ok(hazards.includes(f.hazard), f.hazard);
});

test("the street state: profile and time of day from the lists; the downpour makes Wheels one band harder", () => {
  assert.deepEqual(streetState({}), { profile: "residential", time: "day", rain: false });
  assert.deepEqual(streetState({ profile: "market", time: "night", rain: 1 }), { profile: "market", time: "night", rain: true });
  assert.throws(() => streetState({ profile: "moon" }), /profile: one of/);
  assert.throws(() => streetState({ time: "teatime" }), /time: one of/);
  assert.equal(STREET_PROFILES.length, 5);
  assert.deepEqual(TIMES_OF_DAY, ["day", "evening", "night"]);
  assert.equal(wheelsBandSteps({ rain: true }, "whl"), 1);
  assert.equal(wheelsBandSteps({ rain: true }, "mov"), 0);
  assert.equal(wheelsBandSteps({ rain: false }, "whl"), 0);
});

test("people are placed from the scene's centre or the GM's view, in squares", () => {
  assert.deepEqual(placeFrom({ where: "centre", width: 2000, height: 1000, size: 100 }), { i: 5, j: 10, rows: 10, cols: 20 });
  assert.deepEqual(placeFrom({ where: "view", width: 2000, height: 1000, size: 100, view: { x: 350, y: 420 } }), { i: 4, j: 3, rows: 10, cols: 20 });
  // a view outside the scene is clamped in; no view falls back to the centre
  assert.deepEqual(placeFrom({ where: "view", width: 2000, height: 1000, size: 100, view: { x: -50, y: 5000 } }), { i: 9, j: 0, rows: 10, cols: 20 });
  assert.deepEqual(placeFrom({ where: "view", width: 2000, height: 1000, size: 100, view: null }), { i: 5, j: 10, rows: 10, cols: 20 });
  assert.throws(() => placeFrom({ where: "roof", width: 2000, height: 1000, size: 100 }), /where/);
  assert.throws(() => placeFrom({ where: "centre", width: 0, height: 1000, size: 100 }), /at least one square/);
});

test("Knock at the Door: known to police 3+ means a warrant", () => {
  assert.equal(hasWarrant(0), false);
  assert.equal(hasWarrant(2), false);
  assert.equal(hasWarrant(3), true);
  assert.equal(hasWarrant(7), true);
  assert.throws(() => hasWarrant(-1), /whole number/);
});

test("police relationship 3 makes a routine stop start at Wanted (2 stars)", () => {
  assert.equal(stopStars({ stars: 0, police: 2 }), 0);
  assert.equal(stopStars({ stars: 0, police: 3 }), 2);
  assert.equal(stopStars({ stars: 1, police: 3 }), 2);
  assert.equal(stopStars({ stars: 4, police: 3 }), 4);
});

test("each police event's checks: stats and bands", () => {
  // Stop and Search: Savvy to hide gear (Medium, a ruling) or Front to talk it down (Hard at 0–1 stars, Long Shot at 2+)
  assert.deepEqual(policeChecks("stop-and-search", { stars: 0 }), { exclusive: true,
    checks: [{ id: "hide", stat: "sav", band: "medium" }, { id: "talk", stat: "frt", band: "hard" }] });
  assert.equal(policeChecks("stop-and-search", { stars: 1 }).checks[1].band, "hard");
  assert.equal(policeChecks("stop-and-search", { stars: 2 }).checks[1].band, "longShot");
  assert.equal(policeChecks("stop-and-search", { stars: 0, police: 3 }).checks[1].band, "longShot");
  assert.deepEqual(policeChecks("knock-at-the-door", { stars: 0 }), { exclusive: true,
    checks: [{ id: "talk", stat: "frt", band: "hard" }, { id: "talk", stat: "sav", band: "hard" }] });
  assert.deepEqual(policeChecks("ds-vale-drops-by"), { exclusive: false,
    checks: [{ id: "story", stat: "btl", band: "hard" }, { id: "read", stat: "sav", band: "medium" }] });
  assert.deepEqual(policeChecks("anpr-ping"), { exclusive: false, checks: [] });
  assert.deepEqual(policeChecks("india-99-overhead"), { exclusive: false, checks: [] });
  assert.throws(() => policeChecks("tea-with-the-chief"), /no police event/);
});

test("each police check's consequence from its margin (0 succeeds)", () => {
  const eff = (k, c, margin, warrant = false) => policeConsequence(k, c, { margin, warrant });
  assert.equal(eff("stop-and-search", "talk", 0).effect, "clear");
  assert.equal(eff("stop-and-search", "talk", -1).effect, "search");
  assert.equal(eff("stop-and-search", "hide", 2).effect, "hidden");
  assert.equal(eff("stop-and-search", "hide", -4).effect, "search");
  assert.equal(eff("knock-at-the-door", "talk", 1, true).effect, "clear");
  assert.equal(eff("knock-at-the-door", "talk", -1, true).effect, "busted");
  assert.equal(eff("knock-at-the-door", "talk", -1, false).effect, "search");
  assert.deepEqual(eff("ds-vale-drops-by", "story", -2), { effect: "slipped", police: 1, questions: 0 });
  assert.deepEqual(eff("ds-vale-drops-by", "story", 0), { effect: "kept", police: 0, questions: 0 });
  assert.deepEqual(eff("ds-vale-drops-by", "read", 3), { effect: "questions", police: 0, questions: 1 });
  assert.deepEqual(eff("ds-vale-drops-by", "read", -1), { effect: "nothing", police: 0, questions: 0 });
  assert.throws(() => eff("anpr-ping", "talk", 0), /has no check/);
  assert.throws(() => eff("stop-and-search", "talk", 0.5), /whole number/);
});

test("a search seizes the illegal kit; +1 Heat once for a weapon or drugs", () => {
  assert.deepEqual(searchFinds([{ id: "a", kind: "weapon" }, { id: "b", kind: "drug" }, { id: "c", kind: "legal" }]), { seized: ["a", "b"], heat: 1 });
  assert.deepEqual(searchFinds([{ id: "a", kind: "ammo" }, { id: "u", kind: "uniform" }]), { seized: ["a", "u"], heat: 0 });
  assert.deepEqual(searchFinds([{ id: "f", kind: "legal" }]), { seized: [], heat: 0 });
  assert.deepEqual(searchFinds([]), { seized: [], heat: 0 });
});

test("India 99 Overhead sees anyone outdoors at 3+ stars", () => {
  assert.equal(india99Sees({ stars: 2, indoors: false }), false);
  assert.equal(india99Sees({ stars: 3, indoors: false }), true);
  assert.equal(india99Sees({ stars: 5, indoors: true }), false);
});
