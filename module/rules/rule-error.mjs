/**
 * A refusal by a rule that a window shows to the table: it names the refusal by `id` with its numbers in `data`, so
 * the window words it through lang/en.json (`SMOKE.RuleError.<id>`). `message` stays an English line for logs and
 * node tests.
 * Pure: no imports, no Foundry globals.
 * @module rules/rule-error
 */

/**
 *
 */
export class RuleError extends RangeError {
  /**
   * @param {string} id  The refusal, e.g. "cannotDrive", "hustleShort".
   * @param {Record<string, string|number>} data  Its numbers and ids, for the words.
   * @param {string} message  For logs and tests.
   */
  constructor(id, data, message) {
    super(message);
    this.name = "RuleError";
    this.id = id;
    this.data = data;
  }
}
