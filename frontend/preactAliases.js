// The shop's code and its libraries (React Router, react-redux) are written against React; they run on
// Preact through preact/compat, which answers to React's API at a tenth of React DOM's size: the home
// page's JavaScript went from 122 kB to about 64 kB gzipped (docs/DESIGN.md §7). webpack resolves these
// names to it (resolve.alias), and so does Jest (moduleNameMapper), so the tests exercise what ships.
const preactAliases = {
  "react-dom/test-utils": "preact/test-utils",
  "react-dom/client": "preact/compat/client",
  "react-dom": "preact/compat",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
  react: "preact/compat",
};

// webpack: exact names only ("react$"), so that "react-dom/client" is not read as "react" + "-dom/client".
const webpackAliases = Object.fromEntries(
  Object.entries(preactAliases).map(([name, to]) => [`${name}$`, to]),
);

// Jest: moduleNameMapper takes regular expressions.
const jestAliases = Object.fromEntries(
  Object.entries(preactAliases).map(([name, to]) => [`^${name.replace("/", "\\/")}$`, to]),
);

module.exports = { preactAliases, webpackAliases, jestAliases };
