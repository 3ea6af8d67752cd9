/**
 * The character record's manifest (documents/core/feature.mjs), registered by the entry: the requests of the flows
 * that change the record, each applied by the active GM from its record — the Creator's finish (`creation.mjs`),
 * Level Up and advances (`advancement.mjs`), using and reloading kit (`kit-use.mjs`). The record itself is the shared
 * ground's (`documents/core/record.mjs`); its api is `game.system.api.record`, hence the id.
 * @module documents/character/character
 */
import { mergeParts } from "../core/feature.mjs";
import * as creation from "./creation.mjs";
import * as advancement from "./advancement.mjs";
import * as kitUse from "./kit-use.mjs";
import { hasRecordedPerk, kitSystem, recordedDice, recordedItem, recordedMotorKey, recordedPerk, recordedRep, recordOf }
  from "../core/record.mjs";

/** The manifest: the parts' tables and the api (the character record as the GM keeps it). */
export const feature = {
  id: "record",
  ...mergeParts([creation, advancement, kitUse]),
  api: { recordOf, recordedDice, recordedRep, recordedPerk, recordedItem, kitSystem, hasRecordedPerk, recordedMotorKey,
    growthOf: advancement.growthOf }
};
