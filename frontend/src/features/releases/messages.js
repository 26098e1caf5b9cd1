// The releases' texts (docs/PRODUCT.md §10).
export const REMINDER_EMAIL_INVALID = "Use a valid email";
export const REMINDER_FAILED = "We could not keep your reminder; please try again.";
export const NO_RELEASES = "No releases are announced right now.";
