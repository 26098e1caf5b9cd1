module.exports = {
  testEnvironment: "<rootDir>/frontend/src/testing/jsdomEnvironment.js",
  roots: ["<rootDir>/frontend/src"],
  // A guard against a test that hangs, not a measure (tests never assert seconds): journeys that type a whole payment
  // form through user-event and wait out the cart's 400 ms debounce took over Jest's default 5 s on a loaded 2-core
  // machine (CartPricing.test.jsx).
  testTimeout: 30000,
  setupFilesAfterEnv: ["<rootDir>/frontend/src/testing/setupTests.js"],
  moduleNameMapper: {
    "\\.css$": "<rootDir>/frontend/src/testing/styleStub.js",
    "\\.(png|jpe?g|webp|svg)$": "<rootDir>/frontend/src/testing/fileStub.js",
  },
};
