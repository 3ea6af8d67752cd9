/**
 * The fight's manifest (documents/core/feature.mjs), registered by the entry: the requests, hooks and round-end step
 * of its parts — the secret speed dice (`speed-dice.mjs`), the Combat and its rounds (`combat.mjs`: the people's part
 * of the round's end), attacks and holds (`attack.mjs`), the other actions (`actions.mjs`), blinding someone with a
 * Torch (`blind.mjs`) and timed Conditions (`durations.mjs`). The two Document classes are `combat.mjs`'s; what the
 * rules act on lives on the Combat (`combat-state.mjs`). Its api is `game.system.api.fight` (the entry keeps the short paths `makeAttack`, `sideOf`).
 * @module documents/fight/fight
 */
import { mergeParts } from "../core/feature.mjs";
import * as speedDice from "./speed-dice.mjs";
import * as combat from "./combat.mjs";
import * as attack from "./attack.mjs";
import * as actions from "./actions.mjs";
import * as durations from "./durations.mjs";
import * as blind from "./blind.mjs";
import { sideOf } from "./combat-state.mjs";

/** The manifest: the parts' tables and the api. */
export const feature = {
  id: "fight",
  ...mergeParts([speedDice, combat, attack, actions, durations, blind]),
  api: { makeAttack: attack.makeAttack, sideOf }
};
