// ESLint (flat config) for module/ and tests/js/, run by scripts/test.sh: the recommended rules, no import cycle
// anywhere (import-x/no-cycle), and no Foundry global in the pure rules (module/rules/ takes its numbers from
// module/generated/ and returns data; the documents and apps layers own game, ui, CONFIG and the document classes).
// Form as Draw Steel keeps it (draw-steel@0.11.1:eslint.config.mjs is the model): @stylistic formatting and
// eslint-plugin-jsdoc (one tag a line, every parameter of a documented function named, JSDoc on what a file exports).
// `npx eslint --fix module tests/js` mends the formatting.
import js from "@eslint/js";
import stylistic from "@stylistic/eslint-plugin";
import importX from "eslint-plugin-import-x";
import jsdoc from "eslint-plugin-jsdoc";
import globals from "globals";

/** Globals Foundry v13 defines in the browser (the ones module/ uses; see types/ and the v13 API notes). */
const FOUNDRY = ["game", "foundry", "CONFIG", "CONST", "Hooks", "ui", "canvas", "Actor", "Item", "ChatMessage", "Combat",
  "Combatant", "Roll", "Scene", "Token", "TokenDocument", "User", "Folder", "JournalEntry", "JournalEntryPage", "Macro", "Dialog",
  "Handlebars", "TextEditor", "fromUuid", "fromUuidSync", "renderTemplate", "loadTemplates", "getDocumentClass"];

export default [
  { ignores: ["module/generated/**", "node_modules/**", "dist/**", "packs/**", ".venv/**"] },
  js.configs.recommended,
  {
    files: ["module/**/*.mjs", "tests/js/**/*.mjs"],
    plugins: { "import-x": importX },
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none", ignoreRestSiblings: true }]
    }
  },
  {
    // Formatting (@stylistic) and JSDoc form (eslint-plugin-jsdoc), after Draw Steel's rules. The JSDoc is read as
    // TypeScript (tsc checks module/ against the community v13 types), so TypeScript type syntax is valid.
    files: ["module/**/*.mjs", "tests/js/**/*.mjs"],
    plugins: { "@stylistic": stylistic, jsdoc },
    settings: { jsdoc: { mode: "typescript", tagNamePreference: { augments: "extends" } } },
    rules: {
      "@stylistic/indent": ["error", 2, { SwitchCase: 1 }],
      "@stylistic/quotes": ["error", "double", { avoidEscape: true }],
      "@stylistic/semi": ["error", "always"],
      "@stylistic/quote-props": ["error", "as-needed"],
      "@stylistic/key-spacing": "error",
      "@stylistic/comma-dangle": ["error", "only-multiline"],
      "@stylistic/space-in-parens": ["error", "never"],
      "@stylistic/space-infix-ops": "error",
      "@stylistic/keyword-spacing": "error",
      "@stylistic/semi-spacing": "error",
      "@stylistic/no-multi-spaces": "error",
      "@stylistic/no-extra-semi": "error",
      "@stylistic/no-whitespace-before-property": "error",
      "@stylistic/space-unary-ops": "error",
      "@stylistic/no-multiple-empty-lines": ["error", { max: 1, maxEOF: 0 }],
      "@stylistic/comma-spacing": "error",
      "@stylistic/space-before-blocks": "error",
      "@stylistic/arrow-spacing": "error",
      "@stylistic/eol-last": ["error", "always"],
      // && and || (or ??) together only with brackets that say which binds first.
      "@stylistic/no-mixed-operators": ["error", { allowSamePrecedence: true, groups: [["&&", "||"], ["??", "&&", "||"]] }],
      // One tag a line: `@param {any} a @param {any} b` on one line hides b from every reader and from this rule.
      "jsdoc/multiline-blocks": "error",
      "jsdoc/require-param": ["error", { ignoreWhenAllParamsMissing: true, checkDestructured: false }],
      "jsdoc/check-param-names": "error",
      "jsdoc/check-tag-names": "error",
      "jsdoc/check-alignment": "error",
      "jsdoc/no-multi-asterisks": "error",
      "jsdoc/valid-types": "error",
      "jsdoc/require-jsdoc": ["error", { publicOnly: true, require: { FunctionDeclaration: true, ClassDeclaration: true } }]
    }
  },
  {
    files: ["module/**/*.mjs"],
    ignores: ["module/rules/**"],
    languageOptions: { globals: { ...globals.browser, ...Object.fromEntries(FOUNDRY.map(name => [name, "readonly"])) } }
  },
  {
    // The Quench batches (module/quench/) sit above the entry: nothing imports them (the entry loads them with a
    // dynamic import inside Quench's quenchReady hook, so a world without Quench never fetches them).
    files: ["module/**/*.mjs"],
    ignores: ["module/quench/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["**/quench/*", "./quench/*"],
      message: "module/quench/ is the Quench batches' layer: only the entry's quenchReady hook loads it (dynamic import)." }] }] }
  },
  {
    // The shared ground (module/documents/core/: the request channel, GM stores, the check pipeline, the purse …)
    // imports no feature: only rules, data, generated and core itself; its one climb is prompt-check's to the roll
    // dialog (ARCHITECTURE.md). Paths are resolved, so "../chase/x.mjs" and "../../documents/chase/x.mjs" both count.
    files: ["module/documents/core/**/*.mjs"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [
        { target: "./module/documents/core", from: "./module/documents", except: ["./core"],
          message: "module/documents/core/ is the shared ground: it imports no feature (move the shared part into core/)." },
        { target: "./module/documents/core", from: "./module/apps", except: ["./roll-dialog.mjs"],
          message: "module/documents/core/ climbs to a window only through prompt-check.mjs (the roll dialog)." },
        { target: "./module/documents/core", from: ["./module/the-smoke.mjs", "./module/quench"],
          message: "module/documents/core/ imports no feature and not the entry." }
      ] }]
    }
  },
  {
    // Pure rules: plain ECMAScript, no DOM and no Foundry. A Foundry name here is an undefined variable, and
    // no-restricted-globals says why (so a `typeof game` guard is caught too).
    files: ["module/rules/**/*.mjs"],
    rules: {
      "no-restricted-globals": ["error", ...FOUNDRY.map(name => ({ name, message: "module/rules/ is pure: no Foundry globals (pass the value in, or move this to module/documents/)." })),
        ...["window", "document", "localStorage", "sessionStorage", "fetch"].map(name => ({ name, message: "module/rules/ is pure: no browser globals." }))]
    }
  },
  {
    // tests/js/helpers/fake-foundry.mjs installs a minimal stand-in of the Foundry globals for the entry's tests.
    files: ["tests/js/**/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...Object.fromEntries(FOUNDRY.map(name => [name, "readonly"])) } }
  }
];
