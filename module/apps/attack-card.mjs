/**
 * What an attack card adds under the check (rulebook: Attacking and defending): hit or miss against the target's
 * Guard; on a hit, **Take hit** / **Dodge** for the target's owner (or the GM) until the hit is resolved; then the
 * damage, its severity and the weapon's Conditions, and for the GM the one discretionary Condition. Rendered per
 * viewer in `renderChatMessageHTML`, so a button appears only for someone allowed to press it — and the GM's
 * request handler checks again.
 * @module apps/attack-card
 */
import { requestGM } from "../documents/requests.mjs";
import { recordOf, rollDodge } from "../documents/attack.mjs";
import { conditionName } from "../documents/combat.mjs";
import { rangeReading } from "../rules/range-display.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";

export { SYSTEM_ID };

/** @param {string} s */
const esc = s => foundry.utils.escapeHTML(String(s ?? ""));

/**
 * One situational modifier of an attack in words (`SMOKE.AttackEffect.<id>`; the rule returns
 * `{id, value, band?, role?}`, rules/combat.mjs `attackModifiers`). A record written before effects were data keeps
 * its words.
 * @param {import("../rules/combat.mjs").AttackEffect|string} effect
 * @returns {string}
 */
export function effectText(effect) {
  if (typeof effect === "string") return effect;
  const value = effect.value < 0 ? `−${-effect.value}` : `+${effect.value}`;
  return game.i18n.format(`SMOKE.AttackEffect.${effect.id}`, { value,
    band: effect.band ? game.i18n.localize(`SMOKE.Range.${effect.band}`) : "",
    role: effect.role ? game.i18n.localize(`SMOKE.AttackEffect.role.${effect.role}`) : "" });
}

/**
 * A range in words: the band with whole squares ("Near, 2 squares"; rules/range-display.mjs), never a decimal.
 * @param {{band: string, squares: number}} reading
 * @returns {string}
 */
export function rangeText({ band, squares }) {
  const name = game.i18n.localize(`SMOKE.Range.${band}`);
  return squares === 1 ? game.i18n.format("SMOKE.Range.readingOne", { band: name })
    : game.i18n.format("SMOKE.Range.reading", { band: name, n: String(squares) });
}

/**
 * The extra HTML for an attack card, for this viewer.
 * @param {ChatMessage.Implementation} message
 * @returns {string|null}
 */
function attackSection(message) {
  const i18n = game.i18n;
  const flags = /** @type {any} */ (message.flags?.[SYSTEM_ID]);
  if (!flags?.attack || !flags?.check || !message.isContentVisible) return null;
  // What counts is the GM's record of the attack and the numbers it read from this card's roll; a card without one
  // (hand-made, or bound to another card) says so and offers nothing.
  const rec = recordOf(message)?.record;
  const bound = !!rec && (!rec.messageId || rec.messageId === message.id);
  if (!bound || rec.resolved?.void) return `<section class="smoke-attack"><p class="smoke-attack-void">${esc(rec?.resolved?.void
    && bound ? rec.resolved.void : i18n.localize("SMOKE.Attack.void"))}</p></section>`;
  const attack = { ...flags.attack, weapon: rec.weapon, impact: rec.impact, guard: rec.tn, band: rec.band, effects: rec.effects,
    targetId: rec.otherId, resolved: rec.resolved && !rec.resolved.pending ? rec.resolved : null };
  const check = rec.check ?? flags.check;
  const combat = game.combats?.get(attack.combatId);
  const target = combat?.combatants.get(attack.targetId);
  const targetName = attack.targetName ?? target?.name ?? "";
  const targetActor = target?.actor ?? (attack.targetUuid ? /** @type {Actor.Implementation | null} */ (fromUuidSync(attack.targetUuid)) : null);
  const parts = [`<p class="smoke-attack-line">${esc(i18n.format("SMOKE.Attack.line", { weapon: attack.weapon, impact: String(attack.impact),
    target: targetName, guard: String(attack.guard), band: typeof rec.distance === "number"
      ? rangeText(rangeReading(rec.distance, attack.band)) : i18n.localize(`SMOKE.Range.${attack.band}`) }))}</p>`];
  if (attack.effects?.length) parts.push(`<p class="smoke-attack-effects">${esc(attack.effects.map(effectText).join("; "))}</p>`);
  if (check.margin < 0) {
    parts.push(`<p class="smoke-attack-result miss">${esc(i18n.localize("SMOKE.Attack.miss"))}</p>`);
  } else if (!attack.resolved) {
    const may = !!target && (game.user.isGM || !!targetActor?.isOwner);
    parts.push(`<p class="smoke-attack-result hit">${esc(i18n.format("SMOKE.Attack.hitOn", { name: targetName }))}</p>`);
    if (may) {
      parts.push(`<div class="smoke-attack-buttons"><button type="button" data-smoke-resolve="take">${esc(i18n.localize("SMOKE.Attack.takeHit"))}</button>`
        + `<button type="button" data-smoke-resolve="dodge">${esc(i18n.localize("SMOKE.Attack.dodge"))}</button></div>`);
    } else {
      parts.push(`<p class="smoke-attack-waiting">${esc(i18n.format("SMOKE.Attack.waitingFor", { name: targetName }))}</p>`);
    }
  } else {
    const r = attack.resolved;
    if (r.dodged) parts.push(`<p class="smoke-attack-result dodged">${esc(i18n.format("SMOKE.Attack.dodged", { name: targetName, total: String(r.dodgeTotal) }))}</p>`);
    else if (r.flat) parts.push(`<p class="smoke-attack-result flat">${esc(i18n.format("SMOKE.Attack.flatTyre", { name: targetName }))}</p>`);
    else {
      if (r.choice === "dodge") parts.push(`<p class="smoke-attack-result">${esc(i18n.format("SMOKE.Attack.dodgeFailed", { total: String(r.dodgeTotal) }))}</p>`);
      parts.push(`<p class="smoke-attack-result damage">${esc(i18n.format("SMOKE.Attack.damage", { name: targetName, damage: String(r.damage),
        severity: r.severityLabel ?? "" }))}</p>`);
      if (r.conditions?.length) parts.push(`<p class="smoke-attack-conditions">${esc(i18n.format("SMOKE.Attack.weaponConditions",
        { conditions: r.conditions.map(conditionName).join(", ") }))}</p>`);
      if (r.gmCondition) parts.push(`<p class="smoke-attack-gm-condition">${esc(i18n.format("SMOKE.Attack.gmConditionChosen", { condition: conditionName(r.gmCondition) }))}</p>`);
      else if (game.user.isGM && r.suggested?.length && targetActor) {
        parts.push(`<div class="smoke-attack-suggested"><span>${esc(i18n.localize("SMOKE.Attack.gmCondition"))}</span>`
          + r.suggested.map(id => `<button type="button" data-smoke-condition="${esc(id)}">${esc(conditionName(id))}</button>`).join("") + "</div>");
      }
    }
  }
  return `<section class="smoke-attack">${parts.join("")}</section>`;
}

/**
 * A hold's result under its check (grab, break free).
 * @param {ChatMessage.Implementation} message
 * @returns {string|null}
 */
function holdSection(message) {
  const hold = /** @type {any} */ (message.flags?.[SYSTEM_ID])?.hold;
  const rec = recordOf(message)?.record;
  if (!hold || !rec?.resolved || rec.messageId !== message.id || !message.isContentVisible) return null;
  hold.resolved = rec.resolved;
  const combat = game.combats?.get(hold.combatId);
  const who = combat?.combatants.get(hold.actorId)?.name ?? "";
  const other = combat?.combatants.get(hold.otherId)?.name ?? "";
  const key = `SMOKE.Hold.${hold.kind}${hold.resolved.success ? "Done" : "Failed"}`;
  return `<p class="smoke-hold-result">${esc(game.i18n.format(key, { name: who, other }))}</p>`;
}

/**
 * The chat hook that adds an attack's or a hold's part to its card.
 * @type {Record<string, Function>}
 */
export const hooks = {
  renderChatMessageHTML: (message, html) => {
    const extra = attackSection(message) ?? holdSection(message);
    if (!extra) return;
    const root = /** @type {HTMLElement} */ (html);
    const host = root.querySelector(".smoke-check-card") ?? root.querySelector(".message-content") ?? root;
    host.insertAdjacentHTML("beforeend", extra);
    const run = async (type, data, button) => {
      button.disabled = true;
      try {
        await requestGM(type, { messageId: message.id, ...data });
      } catch (err) {
        ui.notifications.warn(err.message);
        button.disabled = false;
      }
    };
    for (const b of root.querySelectorAll("[data-smoke-resolve]")) {
      const button = /** @type {HTMLButtonElement} */ (b);
      button.addEventListener("click", async event => {
        if (button.dataset.smokeResolve === "take") return run("attack.resolve", { choice: "take" }, button);
        button.disabled = true;
        const done = await rollDodge(message, { skipDialog: event.shiftKey });
        if (!done) button.disabled = false;
      });
    }
    for (const b of root.querySelectorAll("[data-smoke-condition]")) {
      const button = /** @type {HTMLButtonElement} */ (b);
      button.addEventListener("click", () => run("attack.condition", { condition: button.dataset.smokeCondition }, button));
    }
  }
};
