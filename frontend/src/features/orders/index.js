// Paid orders as their owner sees them: an order's page, My Orders on /account, and the table of an
// order's shoes that the admin's /orders shows too.
export { default as MyOrders } from "./MyOrders";
export { default as OrderLines } from "./OrderLines";
export { default as ShippingAddress } from "./ShippingAddress";
export { ordersApi } from "./api";

// The screens of the route table, each a chunk of its own.
export const screens = {
  OrderDetail: () => import(/* webpackChunkName: "screen-OrderDetail" */ "./OrderDetail"),
};
