// The cart: its lines (client state, kept in local storage) and the /cart screen, which shows the
// shop's word on them and the checkout's payment form.
export {
  cartSlice,
  itemAdded,
  persistCart,
  quantityInCart,
  selectCartCount,
  selectCartItems,
} from "./cartSlice";

// The screens of the route table, each a chunk of its own.
export const screens = {
  Cart: () => import(/* webpackChunkName: "screen-Cart" */ "./Cart"),
};
