// Builds frontend/src into static/dist/ with content-hashed names; Django finds them through
// frontend/webpack-stats.json (django-webpack-loader).
const path = require("path");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");
const BundleTracker = require("webpack-bundle-tracker");
const { BundleBudgetPlugin, STOREFRONT_BUDGET_KB } = require("./frontend/bundleBudget");
const { ScreenChunksPlugin } = require("./frontend/screenChunks");
const routeTable = require("./frontend/routes.json");

// Every screen of the route table is a chunk of its own; "/" is the home page's.
const SCREENS = [...new Set(routeTable.map((route) => route.screen))];
const HOME_SCREEN = routeTable.find((route) => route.path === "/").screen;
// Folders whose modules must never reach the entry: the admin screens, but for the loaders of its
// public index.js.
const LAZY_FOLDERS = { admin: /[\\/]frontend[\\/]src[\\/]features[\\/]admin[\\/](?!index\.js$)/ };

module.exports = (env, argv) => {
  const production = argv.mode !== "development";
  return {
    entry: { main: "./frontend/src/index.jsx" },
    output: {
      path: path.resolve(__dirname, "static/dist"),
      publicPath: "/static/dist/",
      filename: production ? "[name].[contenthash:12].js" : "[name].js",
      chunkFilename: production ? "[name].[contenthash:12].js" : "[name].js",
      assetModuleFilename: "[name].[contenthash:12][ext]",
      clean: true,
    },
    // The entry's libraries come in chunks of their own, beside it: React with React DOM, and the rest every
    // screen runs on (Redux Toolkit, React Router). The browser fetches and compiles them side by side, and
    // keeps them across releases of the shop's own code. What only a later screen or a popup needs (Firebase,
    // Stripe.js's loader, sweetalert2) stays in its lazily loaded chunk.
    optimization: {
      splitChunks: {
        cacheGroups: {
          react: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: "react",
            chunks: "initial",
            priority: 20,
          },
          libraries: { test: /[\\/]node_modules[\\/]/, name: "libraries", chunks: "initial", priority: 10 },
        },
      },
    },
    // No eval() in development either: the Content-Security-Policy allows no string run as code.
    devtool: production ? "source-map" : "cheap-module-source-map",
    resolve: { extensions: [".js", ".jsx"] },
    module: {
      rules: [
        { test: /\.jsx?$/, exclude: /node_modules/, use: "babel-loader" },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, "css-loader"] },
        { test: /\.(png|jpe?g|webp|svg)$/, type: "asset/resource" },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? "[name].[contenthash:12].css" : "[name].css",
        chunkFilename: production ? "[name].[contenthash:12].css" : "[name].css",
      }),
      new BundleTracker({ path: path.resolve(__dirname, "frontend"), filename: "webpack-stats.json" }),
      new ScreenChunksPlugin({
        entry: "main",
        routeTable,
        output: path.resolve(__dirname, "frontend/screen-chunks.json"),
      }),
      ...(production
        ? [
            new BundleBudgetPlugin({
              entry: "main",
              budgetKB: STOREFRONT_BUDGET_KB,
              homeScreen: HOME_SCREEN,
              screens: SCREENS,
              lazyFolders: LAZY_FOLDERS,
            }),
          ]
        : []),
    ],
    performance: { hints: false },
    stats: production ? "normal" : "minimal",
  };
};
