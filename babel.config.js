module.exports = {
  presets: [
    ["@babel/preset-env", { targets: process.env.NODE_ENV === "test" ? { node: "current" } : "defaults" }],
    ["@babel/preset-react", { runtime: "automatic" }],
  ],
};
