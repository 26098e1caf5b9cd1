// Paying for a cart: the shop's word on its lines (the quote), the payment form with its card widget
// (Stripe's, or the test gateway's), and the checkout call.
export { checkoutApi, quoteArg, useQuoteCartQuery } from "./api";
export { default as DiscountCode } from "./DiscountCode";
export { default as ShippingChoice } from "./ShippingChoice";
export { useDebounced } from "./useDebounced";
export { default as PaymentForm } from "./PaymentForm";
// The same fields and card widget for another screen that takes a card and an address (a draw's entry).
export { default as CardAddressForm } from "./CardAddressForm";
// /account's address book, whose addresses the payment form offers (pages/Account.jsx shows it).
export { default as AddressBook } from "./AddressBook";
