/**
 * The small chat cards and dialog bodies every feature posts, from Handlebars templates (templates/chat/note.hbs,
 * templates/chat/list-card.hbs, templates/dialog/choose.hbs); Handlebars' `{{ }}` escapes every string. Callers pass
 * words already localized.
 * Foundry-side only.
 * @module documents/chat-html
 */
const PATH = "systems/the-smoke/templates";
export const NOTE_TEMPLATE = `${PATH}/chat/note.hbs`;
export const LIST_CARD_TEMPLATE = `${PATH}/chat/list-card.hbs`;
export const CHOOSE_TEMPLATE = `${PATH}/dialog/choose.hbs`;

/**
 * @param {string} path
 * @param {object} data
 * @returns {Promise<string>}
 */
const render = (path, data) => foundry.applications.handlebars.renderTemplate(path, data);

/**
 * One line of chat (or of a confirm dialog): `<p class="…">text</p>`.
 * @param {string} text  Localized words.
 * @param {string|null} [cls]  A class for the paragraph.
 * @returns {Promise<string>}
 */
export const noteHTML = (text, cls = null) => render(NOTE_TEMPLATE, { text, cls });

/**
 * A card with a title and a list of lines.
 * @param {{cls: string, title: string, lines: (string|{face?: number|string, text: string})[], heading?: boolean,
 *   ordered?: boolean}} card  `heading`: the title as an `<h3>` (else a bold header); `ordered`: an `<ol>` whose
 *   lines may lead with a bold `face`.
 * @returns {Promise<string>}
 */
export const listCardHTML = ({ cls, title, lines, heading = false, ordered = false }) => render(LIST_CARD_TEMPLATE,
  { cls, title, heading, ordered, lines: lines.map(l => (typeof l === "string" ? { text: l } : l)) });

/**
 * A dialog body of labelled selects and checkboxes (for DialogV2.input).
 * @param {{selects?: {label: string, name: string, options: {value: string, label: string}[]}[],
 *   checkboxes?: {label: string, name: string}[]}} body
 * @returns {Promise<string>}
 */
export const chooseHTML = ({ selects = [], checkboxes = [] }) => render(CHOOSE_TEMPLATE, { selects, checkboxes });

/**
 * Render a template that the entry preloaded, at once (for a `renderChatMessageHTML` hook, which Foundry does not
 * await): v13's `loadTemplates` registers each compiled template as a Handlebars partial under its path.
 * @param {string} path
 * @param {object} data
 * @returns {string}
 * @throws {Error} when the template was not preloaded.
 */
export function renderLoaded(path, data) {
  const compiled = globalThis.Handlebars?.partials?.[path];
  if (typeof compiled !== "function") throw new Error(`template ${path} is not loaded`);
  return compiled(data, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}
