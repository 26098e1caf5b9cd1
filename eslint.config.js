const js = require("@eslint/js");
const boundaries = require("eslint-plugin-boundaries");
const react = require("eslint-plugin-react");
const reactHooks = require("eslint-plugin-react-hooks");
const globals = require("globals");

// The React app's layers (docs/DESIGN.md §7), each importing only downward: app/ (store, router,
// route table, layout) on top, which nothing imports; then pages/ and features/<area>/, a feature
// reaching another only through its public index.js; then components/ (shared UI) and lib/ (the API
// client, config, pure helpers) at the bottom, which import no feature. Tests import what they test.
const SRC = "frontend/src";
const layers = {
  "boundaries/include": [`${SRC}/**/*`],
  "boundaries/elements": [
    { type: "app", pattern: `${SRC}/app`, partialMatch: false },
    { type: "pages", pattern: `${SRC}/pages`, partialMatch: false },
    { type: "features", pattern: `${SRC}/features/*`, capture: ["feature"], partialMatch: false },
    { type: "components", pattern: `${SRC}/components`, partialMatch: false },
    { type: "lib", pattern: `${SRC}/lib`, partialMatch: false },
    { type: "assets", pattern: `${SRC}/assets`, partialMatch: false },
    { type: "testing", pattern: `${SRC}/testing`, partialMatch: false },
  ],
  "import/resolver": { node: { extensions: [".js", ".jsx"] } },
};

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const from = (type) => ({ element: { type } });

module.exports = [
  { ignores: ["static/dist/**", "node_modules/**", "var/**", ".venv/**", "coverage/**"] },
  js.configs.recommended,
  {
    files: ["*.js", "frontend/*.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
  {
    files: ["frontend/src/**/*.{js,jsx}"],
    languageOptions: {
      sourceType: "module",
      globals: globals.browser,
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  {
    files: ["frontend/src/**/*.{js,jsx}"],
    ignores: ["frontend/src/**/__tests__/**", "frontend/src/testing/**"],
    plugins: { boundaries },
    settings: layers,
    rules: {
      "boundaries/dependencies": [
        2,
        {
          default: "disallow",
          message:
            "{{ from.element.types.[0] }}/ may not import {{ dependency.source }}: imports run downward " +
            "(app → pages, features → components, lib), and a feature reaches another only through its " +
            "index.js (docs/DESIGN.md §7)",
          policies: [
            { from: from("app"), allow: to("app", "pages", "features", "components", "lib", "assets") },
            { from: from("pages"), allow: to("features", "components", "lib", "assets") },
            // Another feature only through its index.js; a feature's own files as it likes.
            { from: from("features"), allow: to("components", "lib", "assets") },
            {
              from: from("features"),
              allow: {
                to: {
                  element: {
                    type: "features",
                    captured: { feature: "!{{ from.element.captured.feature }}" },
                    fileInternalPath: "index.js",
                  },
                },
              },
            },
            { from: from("features"), allow: { dependency: { relationship: { to: "internal" } } } },
            { from: from("components"), allow: to("components", "lib", "assets") },
            { from: from("lib"), allow: to("lib") },
          ],
        },
      ],
    },
  },
  {
    files: ["frontend/src/**/__tests__/**", "frontend/src/testing/**"],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    files: ["frontend/src/testing/jsdomEnvironment.js"],
    languageOptions: { sourceType: "commonjs" },
  },
];
