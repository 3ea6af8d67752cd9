/**
 * The shared ground's manifest (documents/core/feature.mjs), registered by the entry before every feature: the
 * request channel's session keys, the roll cards' record, which actor each token stands for, active time, the GM's
 * records of cash, Hustle, Health, the relationship counters and the character record (their mirrors), the world's
 * adoption, a character's Conditions (the GM store `conditions`) and their counts (`conditionCounts`) and the Conditions' sheet text. Its api is `game.system.api.core`; the entry keeps its older short paths
 * (`requestGM`, `worldCheck`, `clock`).
 * @module documents/core/core
 */
import { mergeParts } from "./feature.mjs";
import * as requestChannel from "./requests.mjs";
import * as rollCards from "./roll-cards.mjs";
import * as tokenActors from "./token-actors.mjs";
import * as activeTime from "./active-time.mjs";
import * as purse from "./purse.mjs";
import * as hustle from "./hustle.mjs";
import * as healthRecord from "./health-record.mjs";
import * as relationships from "./relationships.mjs";
import * as record from "./record.mjs";
import * as mirror from "./mirror.mjs";
import * as conditionText from "./condition-text.mjs";
import * as conditionRecord from "./condition-record.mjs";
import * as conditionCounts from "./condition-counts.mjs";
import { worldCheck } from "./world-check.mjs";

/** The manifest: the parts' tables and the api. */
export const feature = {
  id: "core",
  ...mergeParts([requestChannel, rollCards, tokenActors, activeTime, purse, hustle, healthRecord, relationships, record,
    mirror, conditionText, conditionRecord, conditionCounts]),
  api: { requestGM: requestChannel.requestGM, worldCheck, clock: { activeNow: activeTime.activeNow, onTick: activeTime.onTick } }
};
