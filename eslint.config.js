const js = require("@eslint/js");
const boundaries = require("eslint-plugin-boundaries");
const react = require("eslint-plugin-react");
const reactHooks = require("eslint-plugin-react-hooks");
const globals = require("globals");

// The React app's layers (docs/DESIGN.md §7), each importing only downward: app/ (store, router,
// route table, layout) on top, which nothing imports; then pages/, the screens that show more than one
// feature, each feature through its public index.js; then features/<area>/, which do not import each
// other but to react to another's event (below); then components/ (shared UI) and lib/ (the API
// client, config, the session's selectors, pure helpers) at the bottom, which import no feature.
// Tests import what they test.
const SRC = "frontend/src";

// The only imports one feature makes of another, each through the other's index.js: a slice of the
// first reacting to an event (an action) of the second. Whatever else a screen needs of two features
// is composed above them, in pages/; what every feature reads of the session is in lib/session.js.
const EVENT_REACTIONS = [
  // A paid cart is emptied: cart/cartSlice.js reacts to checkout's checkout mutation, fulfilled.
  { reactor: "cart", emitter: "checkout" },
  // BUY ME! adds a line: cart/cartSlice.js reacts to the catalogue's buyMePressed.
  { reactor: "cart", emitter: "catalog" },
];
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
            "(app → pages → features → components, lib); pages reach a feature through its index.js, " +
            "and a feature reaches another only to react to its event, as eslint.config.js's " +
            "EVENT_REACTIONS lists (docs/DESIGN.md §7)",
          policies: [
            { from: from("app"), allow: to("app", "pages", "features", "components", "lib", "assets") },
            { from: from("pages"), allow: to("components", "lib", "assets") },
            {
              from: from("pages"),
              allow: { to: { element: { type: "features", fileInternalPath: "index.js" } } },
            },
            // A feature's own files as it likes; another feature's index.js only for an event reaction.
            { from: from("features"), allow: to("components", "lib", "assets") },
            { from: from("features"), allow: { dependency: { relationship: { to: "internal" } } } },
            ...EVENT_REACTIONS.map(({ reactor, emitter }) => ({
              from: { element: { type: "features", captured: { feature: reactor } } },
              allow: {
                to: {
                  element: { type: "features", captured: { feature: emitter }, fileInternalPath: "index.js" },
                },
              },
            })),
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
