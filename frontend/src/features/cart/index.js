// The cart: its lines (client state, kept in local storage), how the cart screen shows them with the
// shop's word on each, and when they can be paid. The /cart screen itself is a page
// (pages/Cart.jsx): it adds the checkout's quote and payment form.
export { default as CartList } from "./CartList";
export { cartSlice, persistCart, selectCartCount, selectCartTotalCents } from "./cartSlice";
export { canPay, cartLines } from "./lines";
export { CART_TITLE } from "./messages";
