module.exports = {
  testEnvironment: "<rootDir>/frontend/src/testing/jsdomEnvironment.js",
  roots: ["<rootDir>/frontend/src"],
  setupFilesAfterEnv: ["<rootDir>/frontend/src/testing/setupTests.js"],
  moduleNameMapper: {
    "\\.css$": "<rootDir>/frontend/src/testing/styleStub.js",
    "\\.(png|jpe?g|webp|svg)$": "<rootDir>/frontend/src/testing/fileStub.js",
  },
};
