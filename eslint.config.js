const js = require("@eslint/js");
const react = require("eslint-plugin-react");
const reactHooks = require("eslint-plugin-react-hooks");
const globals = require("globals");

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
    files: ["frontend/src/**/__tests__/**", "frontend/src/testing/**"],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    files: ["frontend/src/testing/jsdomEnvironment.js"],
    languageOptions: { sourceType: "commonjs" },
  },
];
