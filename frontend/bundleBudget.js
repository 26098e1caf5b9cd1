// Prints, after each production build, how much JavaScript a shopper's browser downloads to open the
// home page: the entry's initial chunks and the home screen's chunks, gzipped as whitenoise serves
// them. The build fails when it is over the budget. Chunks loaded later (other screens, popups) do
// not count.
//
// It also keeps the screens lazy: each screen of the route table must be built as a chunk of its own
// (named screen-<Screen>), and none of the modules of the lazily loaded folders (the admin screens)
// may end up in the entry, where every shopper would download them.
const path = require("path");
const zlib = require("zlib");
const { Compilation, WebpackError } = require("webpack");

const gzippedBytes = (compilation, files) =>
  files.reduce(
    (total, file) => total + zlib.gzipSync(compilation.getAsset(file).source.buffer(), { level: 9 }).length,
    0,
  );

const kB = (bytes) => (bytes / 1000).toFixed(1);

// What a shopper's browser may download to open the home page (the entry and the home screen), gzipped:
// the build fails past it. React 19 with React DOM is 68 kB of it (docs/DESIGN.md §7).
const STOREFRONT_BUDGET_KB = 130;

// A chunk's files, or a chunk group's (an entrypoint, a screen's import(): its chunks' files).
const jsFiles = (chunkOrGroup) =>
  [...(chunkOrGroup.files ?? chunkOrGroup.getFiles())].filter((file) => file.endsWith(".js"));

// The files a module was built from: a concatenated module (production's scope hoisting) holds several.
function resourcesOf(module) {
  const inner = module.modules ? [...module.modules] : [module];
  return inner.map((each) => each.resource).filter(Boolean);
}

class BundleBudgetPlugin {
  // entry: the entry's name; homeScreen: the screen of "/"; screens: every screen of the route table;
  // lazyFolders: {name: a RegExp on module paths} whose modules must stay out of the entry.
  constructor({ entry, budgetKB, homeScreen, screens = [], lazyFolders = {} }) {
    this.entry = entry;
    this.budgetKB = budgetKB;
    this.homeScreen = homeScreen;
    this.screens = screens;
    this.lazyFolders = lazyFolders;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap("BundleBudgetPlugin", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "BundleBudgetPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          this.check(compilation);
          this.checkScreens(compilation);
          this.checkLazyFolders(compilation);
        },
      );
    });
  }

  check(compilation) {
    const entryFiles = jsFiles(compilation.entrypoints.get(this.entry));
    const home = compilation.namedChunkGroups.get(`screen-${this.homeScreen}`);
    const homeFiles = home ? jsFiles(home).filter((file) => !entryFiles.includes(file)) : [];
    const files = [...entryFiles, ...homeFiles];
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

  // A screen whose module reached the entry (a static import of it) leaves its chunk empty, and
  // webpack builds none.
  checkScreens(compilation) {
    const sizes = [];
    for (const screen of this.screens) {
      const group = compilation.namedChunkGroups.get(`screen-${screen}`);
      const chunk = compilation.namedChunks.get(`screen-${screen}`);
      if (!group || !chunk) {
        compilation.errors.push(
          new WebpackError(
            `No chunk of its own was built for the ${screen} screen: load it only with the lazy import() of its feature's screens.`,
          ),
        );
        continue;
      }
      sizes.push([screen, gzippedBytes(compilation, jsFiles(chunk))]);
    }
    const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
    console.log(
      `Lazily loaded screens: ${sizes.length} chunks, ${kB(total)} kB gzipped in all (${sizes
        .map(([screen, bytes]) => `${screen} ${kB(bytes)}`)
        .join(", ")}); not in the home page's budget but the home screen's.`,
    );
  }

  checkLazyFolders(compilation) {
    const { chunkGraph } = compilation;
    const entryResources = compilation.entrypoints
      .get(this.entry)
      .chunks.flatMap((chunk) => [...chunkGraph.getChunkModulesIterable(chunk)])
      .flatMap(resourcesOf);
    for (const [name, folder] of Object.entries(this.lazyFolders)) {
      const leaked = entryResources
        .filter((resource) => folder.test(resource))
        .map((resource) => path.relative(compilation.compiler.context, resource));
      if (leaked.length > 0) {
        const named =
          leaked.slice(0, 5).join(", ") + (leaked.length > 5 ? ` and ${leaked.length - 5} more` : "");
        compilation.errors.push(
          new WebpackError(
            `The ${name} modules are in the storefront's entry, which every shopper downloads: ` +
              `${named}. Reach them only through the lazy import() of their screens.`,
          ),
        );
      }
    }
  }
}

module.exports = { BundleBudgetPlugin, STOREFRONT_BUDGET_KB };
