// Paid orders as their owner sees them: an order's page (opened with the order just paid, after a
// checkout) and My Orders on /account.
export { default as MyOrders } from "./MyOrders";
export { useOpenPaidOrder } from "./useOpenPaidOrder";

// The screens of the route table, each a chunk of its own.
export const screens = {
  OrderDetail: () => import(/* webpackChunkName: "screen-OrderDetail" */ "./OrderDetail"),
};
