/**
 * TypeDataModels for the "base" Combat and Combatant types (rulebook: When it kicks off). Written by the active GM
 * only (players ask through documents/requests.mjs); secret speed dice never appear here before the reveal.
 * @module data/combat
 */
import { bool, choice, count, list, object, schema, str } from "./fields.mjs";

const { TypeDataModel } = foundry.abstract;
const f = () => foundry.data.fields;

/**
 * A fight: which tracker, and where the round stands.
 * - `mode`: "speed" (the book's speed dice, default) or "simple" (exploding d6 + Moves modifier, one action a turn).
 * - `phase`: "rolling" (speed dice are secret; the GM has not revealed), "revealing" (the GM is collecting them:
 *   only now does a player's client hand its dice over) or "acting" (revealed; the queue runs).
 * - `roundEnded`: the highest round whose end-of-round effects were applied — a round ends once, however often the
 *   GM steps back and forth.
 * - `turnEnded`: simple tracker — the highest (round × 1000 + turn) whose end-of-turn Bleeding was applied.
 * - `revealedRound`: the round whose dice were revealed (0 = none).
 */
export class SmokeCombatData extends TypeDataModel {
  static defineSchema() {
    return {
      mode: choice(["speed", "simple"], "speed"),
      phase: choice(["rolling", "revealing", "acting"], "rolling"),
      roundEnded: count(0),
      turnEnded: count(0),
      revealedRound: count(0)
    };
  }
}

/**
 * One side of a fight.
 * - `dice`: the revealed speed dice `{face 1–6, spent: spend counter or null, action: what it was spent on,
 *   undo: the defences/aim/surrender/Prone before it}` (empty until the reveal); stepping back restores `undo`.
 * - `reaction`: the round's Dodge reaction is spent.
 * - `defences`: round-long defences (Dodge action until the next action; cover to the round's end).
 * - `aimed`: an Aim action steps Effort up once for the next shot.
 * - `surrendered`: hands up — no more speed dice; can be cuffed without a roll.
 * - `downRounds`: rounds Down without aid (three → Wasted).
 * - `grabbedBy`: the combatant id holding this one (Grabbed), or "".
 * - `acted`: simple tracker — the (round × 1000 + turn) in which this combatant took its one action.
 * - `consciousRound`: the round in which Stay Conscious was last rolled (once a round).
 */
export class SmokeCombatantData extends TypeDataModel {
  static defineSchema() {
    const fields = f();
    return {
      dice: list(schema({
        face: new fields.NumberField({ required: true, nullable: false, integer: true, min: 1, max: 6, initial: 1 }),
        spent: new fields.NumberField({ required: true, nullable: true, integer: true, min: 1, initial: null }),
        action: str(""),
        undo: object()
      })),
      reaction: bool(false),
      defences: schema({ dodge: bool(false), cover: choice(["none", "light", "heavy"], "none") }),
      aimed: bool(false),
      surrendered: bool(false),
      downRounds: count(0),
      grabbedBy: str(""),
      acted: count(0),
      consciousRound: count(0)
    };
  }
}
