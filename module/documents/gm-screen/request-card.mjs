/**
 * The GM Screen's chat cards (rulebook: GM checks; Hazards · "Announce the danger and which roll can avoid it"): a
 * check request's card, re-rendered from the GM store after every result, and a hazard's announcement. Every string
 * is escaped by the templates. Foundry-side only; no rules here.
 * @module documents/gm-request-card
 */
import { gmCheck, hazard as hazardRow } from "../../rules/gm-screen.mjs";
import { SYSTEM_ID } from "../core/check.mjs";
import { conditionName } from "../fight/combat.mjs";
import { hearingText } from "./hearing.mjs";
import { targetText } from "./obstacles.mjs";

export const REQUEST_CARD = "systems/the-smoke/templates/chat/gm-request.hbs";
export const HAZARD_CARD = "systems/the-smoke/templates/chat/gm-hazard.hbs";

const L = (key, data) => (data ? game.i18n.format(key, data) : game.i18n.localize(key));

/**
 * The words of a hazard's harm on a result: avoided, or damage, Health and Conditions (and what armour took); a
 * harm a GM reload interrupted says so.
 * @param {NonNullable<import("./gm-screen.mjs").RequestEntry["result"]>["harm"]} harm
 * @returns {string|null}
 */
export function harmText(harm) {
  if (!harm) return null;
  if (harm.avoided) return L("SMOKE.GMScreen.avoided");
  const applied = harm.applied ?? harm.conditions;
  return L("SMOKE.GMScreen.harm", { damage: String(harm.damage), health: String(harm.health ?? "?"),
    conditions: applied.map(conditionName).join(", ") || "—" })
    + (harm.suit ? ` ${L("SMOKE.GMScreen.offBikeHalved", { suit: harm.suit, printed: String(harm.printed) })}` : "")
    + (harm.reduced ? ` ${L("SMOKE.GMScreen.armourReduced", { n: String(harm.reduced) })}` : "")
    + (harm.interrupted ? ` ${L("SMOKE.GMScreen.harmInterrupted")}` : "");
}

/**
 * The line naming both sides of an opposed result: who carried it against whom, with both totals.
 * @param {import("./gm-screen.mjs").GMRequest} request
 * @param {import("./gm-screen.mjs").RequestEntry} entry
 * @returns {string|null}
 */
export function opposedText(request, entry) {
  const opp = request.opponent;
  if (!opp || !entry.result) return null;
  const won = entry.result.margin >= 0;
  return L("SMOKE.GMScreen.opposedResult", { winner: won ? entry.name : opp.name, loser: won ? opp.name : entry.name,
    total: String(entry.result.total), opponent: opp.name, opponentTotal: String(opp.total) });
}

/**
 * The words of the tool a roll is eased by, or offered with, from the character's recorded kit: "Crowbar: Medium →
 * Easy", "Lock Picks: one band easier, and silent: nobody near hears it", "Screwdriver Set: no easier, but you can try".
 * @param {NonNullable<import("./gm-screen.mjs").RequestOption["tool"]>} tool
 * @param {string} stat  The roll's stat key.
 * @param {string} band  The band it is rolled at.
 * @returns {string}
 */
export function toolText(tool, stat, band) {
  const i18n = game.i18n;
  const data = { tool: tool.name, stat: i18n.localize(`SMOKE.Stat.${stat}.name`), band: i18n.localize(`SMOKE.Band.${band}`),
    n: String(tool.eased) };
  return i18n.format(tool.eased ? "SMOKE.GMScreen.toolEased" : "SMOKE.GMScreen.toolOffered", data)
    + (tool.noise ? ` ${i18n.localize(`SMOKE.GMScreen.toolNoise.${tool.noise}`)}` : "");
}

/**
 * The line naming the obstacle a check is rolled against and its target: set now (and kept for whoever tries next),
 * kept from an earlier attempt, or changed by new circumstances (Choosing difficulty › Keep a known obstacle known).
 * @param {import("./gm-screen.mjs").GMRequest} request
 * @returns {string|null}
 */
export function obstacleText(request) {
  const o = request.obstacle;
  if (!o || !request.target) return null;
  return L(`SMOKE.GMScreen.obstacleStatus.${o.status}`, { obstacle: o.name, target: targetText(request.target),
    was: o.was ? targetText(o.was) : "" });
}

/**
 * The request's card, from the store.
 * @param {import("./gm-screen.mjs").GMRequest} request
 * @returns {Promise<string>}
 */
export async function cardHTML(request) {
  const i18n = game.i18n;
  const row = request.kind === "hearing" ? /** @type {NonNullable<typeof request.hearing>} */ (request.hearing)
    : request.kind === "check" ? gmCheck(request.key) : hazardRow(request.key);
  const opp = request.opponent ?? null;
  const entries = request.entries.map(e => ({
    ...e,
    options: e.options.map(o => ({ ...o, label: i18n.format("SMOKE.GMScreen.rollButton", { stat: i18n.localize(`SMOKE.Stat.${o.stat}.name`),
      tn: String(o.tn) }) })),
    tools: e.options.flatMap(o => (o.tool ? [toolText(o.tool, o.stat, String(o.band))] : [])),
    result: e.result && {
      ...e.result, outcomeLabel: i18n.localize(`SMOKE.Outcome.${e.result.outcome}`),
      statLabel: i18n.localize(`SMOKE.Stat.${e.result.stat}.name`),
      harm: harmText(e.result.harm), opposed: opposedText(request, e),
      heard: request.kind === "hearing" ? hearingText(e.result, e.name, request.hearing?.vehicle ?? "") : null
    }
  }));
  return foundry.applications.handlebars.renderTemplate(REQUEST_CARD, {
    id: request.id, kind: request.kind, name: request.name, stakes: ("stakes" in row ? row.stakes : undefined) ?? null,
    band: opp ? i18n.localize("SMOKE.GMScreen.opposed") : request.target ? targetText(request.target) : i18n.localize(`SMOKE.Band.${row.band}`),
    hazard: request.kind === "hazard", obstacle: obstacleText(request),
    tweaks: [...request.tweaks.map(t => i18n.localize(`SMOKE.GMScreen.tweak.${t}`)),
      ...(request.situations ?? []).map(t => i18n.localize(`SMOKE.GMScreen.situation.${t}`))],
    armour: request.kind === "hazard" ? i18n.localize(request.armourMarked ? "SMOKE.GMScreen.armourMarked" : "SMOKE.GMScreen.armourNot") : null,
    opponent: opp && L("SMOKE.GMScreen.opponentLine", { opponent: opp.name, stat: i18n.localize(`SMOKE.Stat.${opp.stat}.name`),
      faces: [...opp.effort, ...opp.statFaces].join(" + ") + (opp.modifier < 0 ? ` − ${-opp.modifier}` : ` + ${opp.modifier}`),
      total: String(opp.total) }),
    entries
  });
}

/**
 * GM: announce a hazard: a public card with the hazard, its band and stats and the three columns.
 * @param {string} key
 * @returns {Promise<{key: string}>}
 * @throws {Error} for a hazard not among the 16.
 */
export async function announceHazard(key) {
  let h;
  try {
    h = hazardRow(key);
  } catch {
    throw new Error(L("SMOKE.GMScreen.unknownHazard", { key: String(key) }));
  }
  const i18n = game.i18n;
  const cell = c => (c.damage ? i18n.format("SMOKE.GMScreen.damage", { n: String(c.damage) }) : "")
    + (c.conditions.length ? `${c.damage ? " · " : ""}${c.conditions.map(conditionName).join(", ")}` : "");
  const content = await foundry.applications.handlebars.renderTemplate(HAZARD_CARD, {
    name: h.name, band: i18n.localize(`SMOKE.Band.${h.band}`),
    stats: h.stats.map(s => i18n.localize(`SMOKE.Stat.${s}.name`)).join(" / "),
    columns: ["justAbout", "badLuck", "properMess"].map(c => ({ label: i18n.localize(`SMOKE.Outcome.${c}`), text: cell(h[c]) }))
  });
  await ChatMessage.create({ content, speaker: { alias: L("SMOKE.GMScreen.title") },
    flags: { [SYSTEM_ID]: { hazardAnnounced: { key } } } });
  return { key };
}
