// Prints, after each production build, how much JavaScript a shopper's browser downloads to open the
// storefront (the entry's initial chunks, gzipped as whitenoise serves them), and fails the build
// when it is over the budget. Chunks loaded later (popups, the admin screens) do not count.
//
// It also keeps the lazily loaded chunks lazy: each named one (the admin screens) must be built as a
// chunk of its own, and none of the modules of its folder may end up in the entry's initial chunks,
// where every shopper would download them. Their sizes are printed too.
const path = require("path");
const zlib = require("zlib");
const { Compilation, WebpackError } = require("webpack");

const gzippedBytes = (compilation, files) =>
  files.reduce(
    (total, file) => total + zlib.gzipSync(compilation.getAsset(file).source.buffer(), { level: 9 }).length,
    0,
  );

const kB = (bytes) => (bytes / 1000).toFixed(1);

const jsFiles = (chunkOrGroup) => [...chunkOrGroup.files].filter((file) => file.endsWith(".js"));

// The files a module was built from: a concatenated module (production's scope hoisting) holds several.
function resourcesOf(module) {
  const inner = module.modules ? [...module.modules] : [module];
  return inner.map((each) => each.resource).filter(Boolean);
}

class BundleBudgetPlugin {
  // lazyChunks: {chunkName: folder (a RegExp on module paths)} that must stay out of the entry.
  constructor({ entry, budgetKB, lazyChunks = {} }) {
    this.entry = entry;
    this.budgetKB = budgetKB;
    this.lazyChunks = lazyChunks;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap("BundleBudgetPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "BundleBudgetPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          this.check(compilation);
          this.checkLazyChunks(compilation);
        },
      );
    });
  }

  check(compilation) {
    const files = compilation.entrypoints
      .get(this.entry)
      .getFiles()
      .filter((file) => file.endsWith(".js"));
    const bytes = gzippedBytes(compilation, files);
    console.log(
      `Storefront JavaScript on the home page: ${kB(bytes)} kB gzipped (${files.join(", ")}); budget ${this.budgetKB} kB.`,
    );
    if (bytes > this.budgetKB * 1000) {
      compilation.errors.push(
        new WebpackError(
          `The storefront's JavaScript is ${kB(bytes)} kB gzipped, over its ${this.budgetKB} kB budget.`,
        ),
      );
    }
  }

  checkLazyChunks(compilation) {
    const { chunkGraph } = compilation;
    const entryResources = compilation.entrypoints
      .get(this.entry)
      .chunks.flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)])
      .flatMap(resourcesOf);
    for (const [name, folder] of Object.entries(this.lazyChunks)) {
      const leaked = entryResources
        .filter((resource) => folder.test(resource))
        .map((resource) => path.relative(compilation.compiler.context, resource));
      if (leaked.length > 0) {
        const named =
          leaked.slice(0, 5).join(", ") + (leaked.length > 5 ? ` and ${leaked.length - 5} more` : "");
        compilation.errors.push(
          new WebpackError(
            `The ${name} chunk's modules are in the storefront's entry, which every shopper downloads: ` +
              `${named}. Import them only through the lazy import() of app/routes.jsx.`,
          ),
        );
      }
      const chunk = compilation.namedChunks.get(name);
      if (!chunk) {
        compilation.errors.push(
          new WebpackError(`No ${name} chunk was built: its screens must be loaded with a lazy import().`),
        );
        continue;
      }
      const files = jsFiles(chunk);
      console.log(
        `Lazily loaded ${name} chunk: ${kB(gzippedBytes(compilation, files))} kB gzipped (${files.join(", ")}); not in the home page's budget.`,
      );
    }
  }
}

module.exports = { BundleBudgetPlugin };
