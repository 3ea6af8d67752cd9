/**
 * A mission's terms as the GM types them (the Mission Board's form and the mission page's sheet in edit mode) and
 * back: objectives one a line, obligations and claimants "who: what" one a line, the deadline in job-clock minutes.
 * Pure: no Foundry globals. The page's data model refuses terms that break the rules (data/mission-page.mjs).
 * @module documents/missions/terms-form
 */

/**
 * @typedef {object} TermsFields  The form's fields (strings or numbers as FormDataExtended gives them).
 * @property {string} [client]
 * @property {string} [feeType]          "crewFee", "perHead" or "" (unlabelled: refused by the data model).
 * @property {number|string|null} [feeAmount]  Whole pounds.
 * @property {number|string|null} [xp]
 * @property {number|string|null} [deadlineMinutes]  Job-clock minutes; empty or 0 = no deadline.
 * @property {string} [objectives]       One label a line.
 * @property {string} [obligations]      "who: what", one a line.
 * @property {string} [claimants]        "who: what", one a line.
 * @property {string} [mode]             "story" or "selfPlay" (the default).
 * @property {string} [briefing]         HTML (cleaned by the server: system.json htmlFields).
 */

/**
 * @param {unknown} text
 * @returns {string[]} The non-empty trimmed lines.
 */
const lines = text => String(text ?? "").split("\n").map(s => s.trim()).filter(Boolean);

/**
 * @param {unknown} text
 * @returns {{who: string, what: string}[]}
 */
const records = text => lines(text).map(line => {
  const [who, ...what] = line.split(":");
  return { who: who.trim(), what: what.join(":").trim() };
});

/**
 * The page's `system` from the form's fields. Objectives keep the ids of `previous` by position, so a label changed
 * in place is the same objective (a run already taken keeps its own copy).
 * @param {TermsFields} d
 * @param {{id: string}[]} [previous]  The page's objectives before the edit.
 * @param {{briefing?: boolean}} [options]  Include `briefing` (the page sheet edits it; the board does not).
 * @returns {object} The terms: client, fee {type, amount}, xp, deadlineSeconds, objectives [{id, label}],
 *   obligations, claimants, selfPlay (and briefing).
 */
export function termsFromFields(d, previous = [], { briefing = false } = {}) {
  const minutes = Number(d.deadlineMinutes);
  const terms = {
    client: String(d.client ?? "").trim(),
    fee: { type: d.feeType || "", amount: Number(d.feeAmount) || 0 },
    xp: Number(d.xp),
    deadlineSeconds: minutes > 0 ? Math.round(minutes * 60) : null,
    objectives: lines(d.objectives).map((label, i) => ({ id: previous[i]?.id || `o${i + 1}`, label })),
    obligations: records(d.obligations),
    claimants: records(d.claimants),
    selfPlay: d.mode !== "story"
  };
  return briefing ? { ...terms, briefing: String(d.briefing ?? "") } : terms;
}

/**
 * The form's fields for a page's terms (to edit them).
 * @param {import("../../data/mission-page.mjs").MissionPageSystem} t  A mission page's `system`.
 * @returns {Required<TermsFields>}
 */
export function fieldsFromTerms(t) {
  const text = list => (list ?? []).map(r => `${r.who}: ${r.what}`).join("\n");
  return {
    client: t.client ?? "", feeType: t.fee?.type ?? "", feeAmount: t.fee?.amount ?? 0, xp: t.xp ?? 3,
    deadlineMinutes: t.deadlineSeconds ? t.deadlineSeconds / 60 : "",
    objectives: (t.objectives ?? []).map(o => o.label).join("\n"),
    obligations: text(t.obligations), claimants: text(t.claimants), mode: t.selfPlay === false ? "story" : "selfPlay",
    briefing: t.briefing ?? ""
  };
}
