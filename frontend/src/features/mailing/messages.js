// The mailing forms' texts: the spec's for the newsletter (docs/PRODUCT.md §5), the server's for the contact
// form.
export const NEWSLETTER_INVALID = "Use a valid email";
export const NEWSLETTER_THANKS = "Thanks for subscribing!";
// Under the thanks: the address counts once its owner follows the mailed link (double opt-in).
export const NEWSLETTER_CHECK_INBOX = "Check your inbox: follow the link we sent to confirm.";

export const CONTACT_NAME_INVALID = "Enter your name";
export const CONTACT_EMAIL_INVALID = "Enter a valid email";
export const CONTACT_MESSAGE_LENGTH = { min: 20, max: 500 };
export const CONTACT_MESSAGE_INVALID = `The message must be ${CONTACT_MESSAGE_LENGTH.min} to ${CONTACT_MESSAGE_LENGTH.max} characters`;
export const CONTACT_THANKS = "Thanks, we got your message";

// The server's 429: said in words rather than in seconds.
export const TOO_MANY_TRIES = "Too many tries from here. Please wait a while and try again.";

// The /newsletter/confirm screen when the shop could not be reached (a refusal says its own words).
export const CONFIRM_FAILED = "The shop could not be reached. Please try again.";

// The /unsubscribe screen when the shop could not be reached; a refusal says its own words (a link it did not sign).
export const UNSUBSCRIBE_FAILED = "The shop could not be reached. Please try again.";
