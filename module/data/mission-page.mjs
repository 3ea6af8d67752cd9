/**
 * A mission page: the system's JournalEntryPage type `mission` (system.json documentTypes.JournalEntryPage), what the
 * GM writes for a mission (rulebook: Money › Split the fee — "Mission entries label them separately"; The Rep ladder ›
 * Earn XP — "mission 3–5, as printed"). It holds the terms only: who took it, the objectives' states, whether it was
 * paid live in the GM store `missionRuns` (documents/missions/missions.mjs), never on a page a player might own.
 *
 * A page without a fee type or without objectives (or with XP outside 3–5, …: rules/missions.mjs `missionProblems`)
 * is refused when it is created or updated, with the problems in words.
 * @module data/mission-page
 */
import { missionProblems } from "../rules/missions.mjs";

/** The page's sub-type in system.json (a system's sub-types are bare names in v13). */
export const MISSION_PAGE = "mission";

/**
 * @typedef {import("../rules/missions.mjs").MissionTerms & {client: string, selfPlay: boolean, deadlineSeconds: number|null,
 *   briefing?: string}} MissionPageSystem  A mission page's `system`: the terms (the fields the model always fills) and
 *   the briefing (HTML).
 */

/**
 * A mission page's `system`, typed as the model's. fvtt-types reads a system's JournalEntryPage sub-type as unknown
 * data (and `page.type` would not narrow `page.system`); the caller has a page of type `mission`.
 * @param {{system?: unknown}} page
 * @returns {MissionPageSystem}
 */
export function missionTerms(page) {
  return /** @type {MissionPageSystem} */ (page.system);
}

/**
 * The refusal for a mission's terms, or null when they may be saved.
 * @param {object} terms  A page's `system` (source data).
 * @returns {Error|null}
 */
export function missionRefusal(terms) {
  const problems = missionProblems(terms);
  if (!problems.length) return null;
  const words = problems.map(p => game.i18n.localize(`SMOKE.Mission.problem.${p}`)).join("; ");
  return new Error(game.i18n.format("SMOKE.Mission.refused", { problems: words }));
}

/**
 * The data model class (made at init, when foundry.data.fields exists).
 * @returns For `CONFIG.JournalEntryPage.dataModels.mission`.
 */
export function defineMissionPage() {
  const f = foundry.data.fields;
  const record = () => new f.ArrayField(new f.SchemaField({
    who: new f.StringField({ required: true, blank: true, initial: "" }),
    what: new f.StringField({ required: true, blank: true, initial: "" })
  }));
  return class MissionPageData extends foundry.abstract.TypeDataModel {
    static defineSchema() {
      return {
        client: new f.StringField({ required: true, blank: true, initial: "" }),
        // The fee's label is checked by missionProblems (a blank type is the "no fee type" refusal, in words).
        fee: new f.SchemaField({
          type: new f.StringField({ required: true, blank: true, initial: "" }),
          amount: new f.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 })
        }),
        xp: new f.NumberField({ required: true, nullable: false, integer: true, initial: 3 }),
        deadlineSeconds: new f.NumberField({ required: false, nullable: true, integer: true, min: 1, initial: null }),
        objectives: new f.ArrayField(new f.SchemaField({
          id: new f.StringField({ required: true, blank: true, initial: "" }),
          label: new f.StringField({ required: true, blank: true, initial: "" })
        })),
        obligations: record(),
        claimants: record(),
        selfPlay: new f.BooleanField({ initial: true }),
        briefing: new f.HTMLField({ required: false, blank: true, initial: "" })
      };
    }

    /** Refuse a new page without a fee type or objectives (the whole terms are checked). */
    async _preCreate(data, options, user) {
      const refusal = missionRefusal(this.toObject());
      if (refusal) throw refusal;
      return super._preCreate?.(data, options, user);
    }

    /** Refuse an edit that would leave the terms without a fee type or objectives. */
    async _preUpdate(changed, options, user) {
      if (changed?.system) {
        const merged = foundry.utils.mergeObject(this.toObject(), foundry.utils.expandObject(changed.system),
          { inplace: false, performDeletions: true });
        const refusal = missionRefusal(merged);
        if (refusal) throw refusal;
      }
      return super._preUpdate?.(changed, options, user);
    }
  };
}
