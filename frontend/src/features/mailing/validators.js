import {
  CONTACT_EMAIL_INVALID,
  CONTACT_MESSAGE_INVALID,
  CONTACT_MESSAGE_LENGTH,
  CONTACT_NAME_INVALID,
  NEWSLETTER_INVALID,
} from "./messages";

// The browser's checks, for comfort: the server checks the same and more (docs/PRODUCT.md §5).

// Something, an @, something: the server then checks the address properly.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;
const NAME_MAX_LENGTH = 80;

export function newsletterError(email) {
  return email.includes("@") && LOOKS_LIKE_EMAIL.test(email.trim()) ? null : NEWSLETTER_INVALID;
}

// {field: message} for each field in error; empty when the form may be sent.
export function contactErrors({ name, email, message }) {
  const errors = {};
  const trimmedName = name.trim();
  if (!trimmedName || trimmedName.length > NAME_MAX_LENGTH) errors.name = CONTACT_NAME_INVALID;
  if (!LOOKS_LIKE_EMAIL.test(email.trim())) errors.email = CONTACT_EMAIL_INVALID;
  const length = message.trim().length;
  if (length < CONTACT_MESSAGE_LENGTH.min || length > CONTACT_MESSAGE_LENGTH.max) {
    errors.message = CONTACT_MESSAGE_INVALID;
  }
  return errors;
}
