// Builds frontend/src into static/dist/ with content-hashed names; Django finds them through
// frontend/webpack-stats.json (django-webpack-loader).
const path = require("path");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");
const BundleTracker = require("webpack-bundle-tracker");
const { BundleBudgetPlugin } = require("./frontend/bundleBudget");

// What a shopper's browser may download to open the home page, gzipped.
const STOREFRONT_BUDGET_KB = 170;
// Chunks loaded lazily whose folder's modules must never reach the home page's entry.
const LAZY_CHUNKS = { admin: /[\\/]frontend[\\/]src[\\/]features[\\/]admin[\\/]/ };

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
      ...(production
        ? [new BundleBudgetPlugin({ entry: "main", budgetKB: STOREFRONT_BUDGET_KB, lazyChunks: LAZY_CHUNKS })]
        : []),
    ],
    performance: { hints: false },
    stats: production ? "normal" : "minimal",
  };
};
