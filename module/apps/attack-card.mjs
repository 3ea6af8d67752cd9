/**
 * What an attack card adds under the check (rulebook: Attacking and defending): hit or miss against the target's
 * Guard; on a hit, **Take hit** / **Dodge** for the target's owner (or the GM) until the hit is resolved; then the
 * damage, its severity and the weapon's Conditions, and for the GM the one discretionary Condition. Rendered per
 * viewer in `renderChatMessageHTML`, so a button appears only for someone allowed to press it — and the GM's
 * request handler checks again.
 * @module apps/attack-card
 */
import { requestGM } from "../documents/core/requests.mjs";
import { recordOf, rollDodge } from "../documents/fight/attack.mjs";
import { conditionName } from "../documents/fight/combat.mjs";
import { rangeReading } from "../rules/range-display.mjs";
import { SYSTEM_ID } from "../generated/rules.mjs";
import { NOTE_TEMPLATE, renderLoaded } from "../documents/core/chat-html.mjs";

export { SYSTEM_ID };

/** The attack's part of its check card (preloaded by the entry: a chat hook renders at once). */
export const ATTACK_TEMPLATE = "systems/the-smoke/templates/chat/attack-section.hbs";

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
  const flags = message.flags?.[SYSTEM_ID];
  if (!flags?.attack || !flags?.check || !message.isContentVisible) return null;
  // What counts is the GM's record of the attack and the numbers it read from this card's roll; a card without one
  // (hand-made, or bound to another card) says so and offers nothing.
  const rec = recordOf(message)?.record;
  const bound = !!rec && (!rec.messageId || rec.messageId === message.id);
  /** @type {{cls: string, text: string}[]} */
  const paragraphs = [];
  /**
   * @param {string} cls
   * @param {string} text
   */
  const say = (cls, text) => paragraphs.push({ cls, text });
  if (!bound || rec.resolved?.void) {
    say("smoke-attack-void", rec?.resolved?.void && bound ? rec.resolved.void : i18n.localize("SMOKE.Attack.void"));
    return renderLoaded(ATTACK_TEMPLATE, { paragraphs });
  }
  const attack = { ...flags.attack, weapon: rec.weapon, impact: rec.impact, guard: rec.tn, band: rec.band, effects: rec.effects,
    targetId: rec.otherId, resolved: rec.resolved && !rec.resolved.pending ? rec.resolved : null };
  const check = rec.check ?? flags.check;
  const combat = game.combats?.get(attack.combatId);
  const target = combat?.combatants.get(attack.targetId);
  const targetName = attack.targetName ?? target?.name ?? "";
  const targetActor = target?.actor ?? (attack.targetUuid ? /** @type {Actor.Implementation | null} */ (fromUuidSync(attack.targetUuid)) : null);
  say("smoke-attack-line", i18n.format("SMOKE.Attack.line", { weapon: String(attack.weapon), impact: String(attack.impact),
    target: targetName, guard: String(attack.guard), band: typeof rec.distance === "number"
      ? rangeText(rangeReading(rec.distance, attack.band)) : i18n.localize(`SMOKE.Range.${attack.band}`) }));
  if (attack.effects?.length) say("smoke-attack-effects", attack.effects.map(effectText).join("; "));
  let resolveButtons = false;
  /** @type {{id: string, name: string}[]} */
  let suggested = [];
  // What the roll did to the weapon (rules/weapon-effects.mjs attackAftermath), from the GM's record.
  for (const id of rec.aftermath ?? []) {
    say(`smoke-attack-aftermath ${id}`, i18n.format(`SMOKE.Attack.aftermath.${id}`, { weapon: String(attack.weapon), name: targetName,
      nextTo: (rec.nextTo ?? []).map(n => n.name).join(", ") || i18n.localize("SMOKE.Attack.aftermath.nobody") }));
  }
  if (check.margin < 0) {
    say("smoke-attack-result miss", i18n.localize("SMOKE.Attack.miss"));
  } else if (!attack.resolved) {
    resolveButtons = !!target && (game.user.isGM || !!targetActor?.isOwner);
    say("smoke-attack-result hit", i18n.format("SMOKE.Attack.hitOn", { name: targetName }));
    if (!resolveButtons) say("smoke-attack-waiting", i18n.format("SMOKE.Attack.waitingFor", { name: targetName }));
  } else {
    const r = attack.resolved;
    if (r.dodged) say("smoke-attack-result dodged", i18n.format("SMOKE.Attack.dodged", { name: targetName, total: String(r.dodgeTotal) }));
    else if (r.flat) say("smoke-attack-result flat", i18n.format("SMOKE.Attack.flatTyre", { name: targetName }));
    else {
      if (r.choice === "dodge") say("smoke-attack-result", i18n.format("SMOKE.Attack.dodgeFailed", { total: String(r.dodgeTotal) }));
      say("smoke-attack-result damage", i18n.format("SMOKE.Attack.damage", { name: targetName, damage: String(r.damage),
        severity: r.severityLabel ?? "" }));
      if (r.conditions?.length) {
        say("smoke-attack-conditions", i18n.format("SMOKE.Attack.weaponConditions", { conditions: r.conditions.map(conditionName).join(", ") }));
      }
      for (const a of r.area ?? []) {
        say("smoke-attack-area", i18n.format("SMOKE.Attack.areaHit", { name: a.name, damage: String(a.damage),
          conditions: a.conditions.length ? a.conditions.map(conditionName).join(", ") : "—" }));
      }
      if (rec.fillsArea) say("smoke-attack-smoke", i18n.localize("SMOKE.Attack.smokeCloud"));
      if (r.gmCondition) say("smoke-attack-gm-condition", i18n.format("SMOKE.Attack.gmConditionChosen", { condition: conditionName(r.gmCondition) }));
      else if (game.user.isGM && r.suggested?.length && targetActor) suggested = r.suggested.map(id => ({ id, name: conditionName(id) }));
    }
  }
  return renderLoaded(ATTACK_TEMPLATE, { paragraphs, resolveButtons, suggested });
}

/**
 * A hold's result under its check (grab, break free).
 * @param {ChatMessage.Implementation} message
 * @returns {string|null}
 */
function holdSection(message) {
  const hold = message.flags?.[SYSTEM_ID]?.hold;
  const rec = recordOf(message)?.record;
  if (!hold || !rec?.resolved || rec.messageId !== message.id || !message.isContentVisible) return null;
  hold.resolved = rec.resolved;
  const done = rec.resolved.success;
  const combat = game.combats?.get(hold.combatId);
  const who = combat?.combatants.get(hold.actorId)?.name ?? "";
  const other = combat?.combatants.get(hold.otherId)?.name ?? "";
  const key = `SMOKE.Hold.${hold.kind}${done ? "Done" : "Failed"}`;
  return renderLoaded(NOTE_TEMPLATE, { cls: "smoke-hold-result", text: game.i18n.format(key, { name: who, other }) });
}

/**
 * The chat hook that adds an attack's or a hold's part to its card.
 * @type {Record<string, import("../documents/core/feature.mjs").HookHandler>}
 */
const hooks = {
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

/** The window's manifest (documents/core/feature.mjs), registered by the entry: the attack card's chat hook serves the fight (id "fight"). */
export const feature = { id: "fight", hooks };
