// Release days (docs/PRODUCT.md §10): the list, the home page's next releases, a shoe's countdown and reminder.
export { default as NextReleases } from "./NextReleases";
export { default as ShoeRelease } from "./ShoeRelease";

// The screens of the route table, each a chunk of its own.
export const screens = {
  Releases: () => import(/* webpackChunkName: "screen-Releases" */ "./ReleasesScreen"),
};
