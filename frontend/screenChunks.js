// Writes frontend/screen-chunks.json beside webpack-stats.json: for each screen of the route table, the
// URLs of the files its lazy chunk needs beyond the entry's. The page shell (frontend/views.py) names
// them in <link rel="preload"> tags, so the browser fetches the screen's code while it fetches the entry,
// not after the entry has run and asked for it (docs/DESIGN.md §7). The admin screens are left out: their
// code only ever reaches an admin's browser, whom the guard lets through (docs/DESIGN.md §7).
const fs = require("fs");
const path = require("path");

class ScreenChunksPlugin {
  constructor({ entry, routeTable, output }) {
    this.entry = entry;
    this.screens = [
      ...new Set(routeTable.filter((route) => route.guard !== "admin").map((route) => route.screen)),
    ];
    this.output = output;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap("ScreenChunksPlugin", (compilation) => {
      const publicPath = compilation.outputOptions.publicPath;
      const entryFiles = new Set(compilation.entrypoints.get(this.entry).getFiles());
      const screens = {};
      for (const screen of this.screens) {
        const group = compilation.namedChunkGroups.get(`screen-${screen}`);
        if (!group) continue;
        // Scripts first: they are what the screen waits on.
        const files = group
          .getFiles()
          .filter((file) => /\.(js|css)$/.test(file) && !entryFiles.has(file))
          .sort((a, b) => Number(a.endsWith(".css")) - Number(b.endsWith(".css")));
        screens[screen] = files.map((file) => ({
          url: `${publicPath}${file}`,
          as: file.endsWith(".css") ? "style" : "script",
        }));
      }
      fs.mkdirSync(path.dirname(this.output), { recursive: true });
      fs.writeFileSync(this.output, `${JSON.stringify({ screens }, null, 1)}\n`);
    });
  }
}

module.exports = { ScreenChunksPlugin };
