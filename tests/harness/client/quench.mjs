/**
 * A stand-in for the Quench module (github Ethaks/FVTT-Quench; TEST DOUBLE, not Quench): Mocha and Chai from npm,
 * `globalThis.quench` with Quench's `registerBatch(key, fn, {displayName, preSelected})`, and the `quenchReady`
 * hook fired from "setup" as Quench's quench-init does. Loaded by boot.mjs after the system's esmodules (a module
 * loads after the system in v13) when the page is booted with the Quench stand-in on (`harnessModules`).
 *
 * One difference, on purpose: Quench's `runBatches(keys)` resolves with the Mocha Runner at the start of a run and
 * shows the results in its window; this one resolves when the run ends with the results as data
 * ({@link QuenchResults}), so a Playwright test can read them.
 */
/** Chai's ESM bundle, loaded by {@link installQuench} (a static import would load it on every boot once the stand-in
 * is served bundled: esbuild hoists an external import to the bundle's top). */
let chai = /** @type {any} */ (null);

/**
 * @typedef {{title: string, fullTitle: string, state: "passed"|"failed"|"pending", error: string|null}} TestResult
 * @typedef {{key: string, displayName: string, tests: TestResult[], passes: number, failures: number, pending: number}} BatchResult
 * @typedef {{batches: Record<string, BatchResult>, passes: number, failures: number, pending: number}} QuenchResults
 */

/** Mocha's browser bundle is UMD (a classic script defining `mocha` and `Mocha` on the window). */
function loadMocha() {
  if (globalThis.Mocha) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "/harness/vendor/mocha.js";
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("The Quench stand-in could not load Mocha"));
    document.head.append(script);
  });
}

/** The Quench wildcard filter: `*` within one dot-separated part, `**` across parts, `?` one character. */
function keyMatcher(patterns) {
  const list = (Array.isArray(patterns) ? patterns : [patterns]).filter(p => p !== "");
  const regexes = list.map(p => new RegExp(`^${p.split(/(\*\*|\*|\?)/).map(part =>
    part === "**" ? ".*" : part === "*" ? "[^.]*" : part === "?" ? "[^.]" : part.replace(/[.+^${}()|[\]\\]/g, "\\$&")).join("")}$`, "i"));
  return key => regexes.some(r => r.test(key));
}

/** The batch a runnable belongs to: its top suite below the root is the batch's wrapper. */
function batchOf(runnable) {
  let suite = runnable.parent;
  while (suite?.parent && !suite._quench_batchRoot) suite = suite.parent;
  return suite?._quench_parentBatch ?? null;
}

class QuenchStandIn {
  constructor() {
    /** @type {Map<string, {key: string, displayName: string, fn: Function, preSelected: boolean}>} */
    this._testBatches = new Map();
    this.chai = chai;
    /** @type {QuenchResults|null} the last run's results */
    this.reports = null;
  }

  get mocha() {
    return globalThis.mocha;
  }

  /** Quench#registerBatch: a later registration with the same key replaces the earlier (Quench warns). */
  registerBatch(key, fn, { displayName, preSelected } = {}) {
    if (typeof fn !== "function") throw new Error(`Quench batch ${key}: the registration function is missing`);
    const [packageName] = String(key).split(".");
    if (packageName !== game.system.id && !game.modules?.has?.(packageName)) {
      ui.notifications?.error(`Quench: the batch ${key} is not named after an installed package (${packageName})`);
    }
    if (this._testBatches.has(key)) ui.notifications?.warn(`Quench: the batch ${key} is registered twice`);
    this._testBatches.set(key, { key, displayName: displayName ?? key, fn, preSelected: preSelected ?? true });
  }

  /** The registered batches' keys and display names. */
  batches() {
    return [...this._testBatches.values()].map(({ key, displayName }) => ({ key, displayName }));
  }

  /**
   * Run the batches matching `keys` ("**" = all) with Mocha in the page, as Quench does: a fresh root suite, the
   * bdd ui, each batch's registration function called inside a wrapper suite with the batch context.
   * @returns {Promise<QuenchResults>}
   */
  async runBatches(keys = "**", { preSelectedOnly = false } = {}) {
    await loadMocha();
    const { Mocha } = globalThis;
    const mocha = this.mocha;
    const match = keyMatcher(keys);
    const batchKeys = [...this._testBatches.values()].filter(b => match(b.key) && (!preSelectedOnly || b.preSelected)).map(b => b.key);
    const results = { batches: {}, passes: 0, failures: 0, pending: 0 };
    for (const key of batchKeys) {
      results.batches[key] = { key, displayName: this._testBatches.get(key).displayName, tests: [], passes: 0, failures: 0, pending: 0 };
    }
    mocha.suite = new Mocha.Suite("__root", new Mocha.Context(), true);
    mocha._cleanReferencesAfterRun = false;
    mocha.setup({ ui: "bdd", reporter: class QuenchStandInReporter extends Mocha.reporters.Base {} });
    const { after, afterEach, before, beforeEach, describe, it, utils } = Mocha;
    const quenchify = (fn, key) => {
      const wrapped = (...args) => {
        const result = fn(...args);
        result._quench_parentBatch = key;
        return result;
      };
      wrapped.only = fn.only;
      wrapped.skip = fn.skip;
      return wrapped;
    };
    const base = { after, afterEach, before, beforeEach, utils, assert: chai.assert, expect: chai.expect, should: chai.should() };
    for (const key of batchKeys) {
      const context = { ...base, describe: quenchify(describe, key), it: quenchify(it, key) };
      const root = context.describe(`${key}_root`, () => {
        this._testBatches.get(key).fn(context);
      });
      root._quench_batchRoot = true;
    }
    const record = (test, state, err = null) => {
      const batch = results.batches[batchOf(test)];
      const entry = { title: test.title, fullTitle: test.fullTitle().replace(/^\S+_root /, ""), state, ms: test.duration ?? null,
        error: err ? `${err.name ?? "Error"}: ${err.message}` : null };
      results[state === "passed" ? "passes" : state === "failed" ? "failures" : "pending"] += 1;
      if (!batch) return;
      batch.tests.push(entry);
      batch[state === "passed" ? "passes" : state === "failed" ? "failures" : "pending"] += 1;
    };
    await new Promise(resolve => {
      const runner = mocha.run();
      const { EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING, EVENT_RUN_END } = Mocha.Runner.constants;
      runner.on(EVENT_TEST_PASS, test => record(test, "passed"));
      runner.on(EVENT_TEST_FAIL, (test, err) => record(test, "failed", err));
      runner.on(EVENT_TEST_PENDING, test => record(test, "pending"));
      runner.once(EVENT_RUN_END, resolve);
    });
    this.reports = results;
    return results;
  }
}

/** Install the stand-in as Quench's init does: the global now, `quenchReady` from the core "setup" hook. */
export async function installQuench() {
  chai = await import("/harness/vendor/chai.js");
  await loadMocha();
  globalThis.chai = chai;
  globalThis.quench = new QuenchStandIn();
  Hooks.on("setup", () => Hooks.callAll("quenchReady", globalThis.quench));
}
