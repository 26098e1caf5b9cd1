const { jestAliases } = require("./frontend/preactAliases");

module.exports = {
  testEnvironment: "<rootDir>/frontend/src/testing/jsdomEnvironment.js",
  roots: ["<rootDir>/frontend/src"],
  setupFilesAfterEnv: ["<rootDir>/frontend/src/testing/setupTests.js"],
  // jsdom resolves packages as a browser does, which gives Preact's ES module build: Babel makes it
  // CommonJS for Jest, like the shop's own code.
  transformIgnorePatterns: ["/node_modules/(?!preact/)"],
  moduleNameMapper: {
    // The tests render with what ships: Preact behind React's API (frontend/preactAliases.js).
    ...jestAliases,
    "\\.css$": "<rootDir>/frontend/src/testing/styleStub.js",
    "\\.(png|jpe?g|webp|svg)$": "<rootDir>/frontend/src/testing/fileStub.js",
  },
};
