// Prints, after each production build, how much JavaScript a shopper's browser downloads to open the
// storefront (the entry's initial chunks, gzipped as whitenoise serves them), and fails the build
// when it is over the budget. Chunks loaded later (popups, the admin screens) do not count.
const zlib = require("zlib");
const { Compilation, WebpackError } = require("webpack");

class BundleBudgetPlugin {
  constructor({ entry, budgetKB }) {
    this.entry = entry;
    this.budgetKB = budgetKB;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap("BundleBudgetPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "BundleBudgetPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => this.check(compilation),
      );
    });
  }

  check(compilation) {
    const files = [...compilation.entrypoints.get(this.entry).getFiles()].filter((file) =>
      file.endsWith(".js"),
    );
    const bytes = files.reduce(
      (total, file) => total + zlib.gzipSync(compilation.getAsset(file).source.buffer(), { level: 9 }).length,
      0,
    );
    const kb = (bytes / 1000).toFixed(1);
    console.log(
      `Storefront JavaScript on the home page: ${kb} kB gzipped (${files.join(", ")}); budget ${this.budgetKB} kB.`,
    );
    if (bytes > this.budgetKB * 1000) {
      compilation.errors.push(
        new WebpackError(
          `The storefront's JavaScript is ${kb} kB gzipped, over its ${this.budgetKB} kB budget.`,
        ),
      );
    }
  }
}

module.exports = { BundleBudgetPlugin };
