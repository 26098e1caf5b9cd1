// The admin screens (SPEC.md §2): app/routes.jsx loads this module lazily, so they, their slices and
// their styles are one chunk that only an admin's browser downloads (DESIGN.md §7).
//
// The spec's admin store slices (SPEC.md §3), injected into the shop's store when this chunk loads:
//   users -> users.users (a page of the Users table) · clients -> clients.clients (a page of the paid
//   orders, the Clients / orders table) · order, orders -> adminSelection.order (the order an admin
//   opened from that table, which /orders shows) · the selected shoe -> adminSelection.shoe
//   and the dashboard's own: adminProducts.products, adminArchived.shoes, adminBrands.brands, stats.stats
export { default as AdminDashboard } from "./AdminDashboard";
export { AdminOrders, CreateBrand, CreateShoes, CreateSize, ModifyShoe } from "./forms";
