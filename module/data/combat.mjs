/**
 * TypeDataModels for the "base" Combat and Combatant types (rulebook: When it kicks off). Written by the active GM
 * only (players ask through documents/core/requests.mjs); secret speed dice never appear here before the reveal.
 * @module data/combat
 */
import { choice, count, object } from "./fields.mjs";

const { TypeDataModel } = foundry.abstract;

/**
 * A fight: which tracker, and where the round stands.
 * - `mode`: "speed" (the book's speed dice, default) or "simple" (exploding d6 + Moves modifier, one action a turn).
 * - `phase`: "rolling" (speed dice are secret; the GM has not revealed), "revealing" (the GM is collecting them:
 *   only now does a player's client hand its dice over) or "acting" (revealed; the queue runs).
 * - `roundEnded`: the highest round whose end-of-round effects were applied — a round ends once, however often the
 *   GM steps back and forth.
 * - `turnEnded`: simple tracker — the highest (round × 1000 + turn) whose end-of-turn Bleeding was applied.
 * - `revealedRound`: the round whose dice were revealed (0 = none).
 * - `sides`: combatant id → its GM-owned state (documents/fight/combat-state.mjs `Side`).
 * - `records`: record id → a roll the GM checked and recorded before the dice were thrown (an attack, a hold; documents/fight/attack.mjs
 *   `AttackRecord`); a hit is applied from this record and the card's own roll, never from the card's flags.
 * - `gauges`: motor token id → its chase gauge (documents/chase/common.mjs `GaugeFlag`), derived by the GM from the
 *   token's observed movement; the driver's client never writes it.
 *
 * Only a GM may write a Combat's `system` (v13 lets a player change only its round and turn).
 */
export class SmokeCombatData extends TypeDataModel {
  static defineSchema() {
    return {
      mode: choice(["speed", "simple"], "speed"),
      phase: choice(["rolling", "revealing", "acting"], "rolling"),
      roundEnded: count(0),
      turnEnded: count(0),
      revealedRound: count(0),
      sides: object(),
      records: object(),
      gauges: object()
    };
  }
}

/**
 * A Combatant carries no rules state: in v13 its owner may write its `system`, so every side's dice, reaction,
 * defences, hold, Down clock and chase role live on the Combat (`system.sides`, documents/fight/combat-state.mjs), which
 * only a GM writes. The type stays registered so worlds made before keep loading.
 */
export class SmokeCombatantData extends TypeDataModel {
  static defineSchema() {
    return {};
  }
}
