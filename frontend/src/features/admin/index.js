// The admin screens (docs/PRODUCT.md §2): each a chunk of its own that only an admin's browser
// downloads (docs/DESIGN.md §7), with the admin's calls (api.js) and what the admin picked in the
// dashboard (selectionSlice.js, injected into the store when the first of them loads). The dashboard
// is pages/AdminDashboard.jsx's, which gives it the account's sign-out.
export { default as AdminDashboard } from "./AdminDashboard";

export const screens = {
  CreateShoes: () => import(/* webpackChunkName: "screen-CreateShoes" */ "./forms/CreateShoes"),
  CreateBrand: () => import(/* webpackChunkName: "screen-CreateBrand" */ "./forms/CreateBrand"),
  CreateSize: () => import(/* webpackChunkName: "screen-CreateSize" */ "./forms/CreateSize"),
  ModifyShoe: () => import(/* webpackChunkName: "screen-ModifyShoe" */ "./forms/ModifyShoe"),
  AdminOrders: () => import(/* webpackChunkName: "screen-AdminOrders" */ "./forms/AdminOrders"),
  ActivityLog: () => import(/* webpackChunkName: "screen-ActivityLog" */ "./ActivityLog"),
  CreateRelease: () => import(/* webpackChunkName: "screen-CreateRelease" */ "./forms/CreateRelease"),
  ReleaseWatch: () => import(/* webpackChunkName: "screen-ReleaseWatch" */ "./forms/ReleaseWatch"),
};
