// The mail shoppers send the shop: the footer's newsletter signup and the contact form.
export { default as ContactForm } from "./ContactForm";
export { default as NewsletterForm } from "./NewsletterForm";
