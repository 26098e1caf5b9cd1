// The mail shoppers send the shop: the footer's newsletter signup and the contact form.
export { default as ContactForm } from "./ContactForm";
export { default as NewsletterForm } from "./NewsletterForm";

// The screens of the route table, each a chunk of its own: where a newsletter mail's unsubscribe link
// leads, and the confirmation mail's.
export const screens = {
  Unsubscribe: () => import(/* webpackChunkName: "screen-Unsubscribe" */ "./Unsubscribe"),
  NewsletterConfirm: () => import(/* webpackChunkName: "screen-NewsletterConfirm" */ "./NewsletterConfirm"),
};
