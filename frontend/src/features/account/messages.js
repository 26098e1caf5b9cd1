// The account's texts (docs/PRODUCT.md §8). Refusals carry the hosted identity service's codes, from
// Firebase's SDK or from our own server alike, and show as the spec's messages.

export const AUTH_MESSAGES = {
  "auth/email-already-in-use": "Email already in use",
  "auth/weak-password": "The Password should be at least 6 characters",
  "auth/internal-error": "Fill the password",
  "auth/missing-password": "Fill the password",
  "auth/invalid-email": "Use a valid email",
  "auth/user-not-found": "User not found",
  "auth/wrong-password": "Wrong Password",
  // Firebase's SDK answers this for a wrong password when the project hides which accounts exist.
  "auth/invalid-credential": "Wrong Password",
};

export const authMessage = (error) => AUTH_MESSAGES[error?.code] ?? error?.message ?? "Something went wrong";

export const welcomeText = (shopName) => `Welcome to ${shopName}`;
export const WELCOME_AGAIN = "Welcome again!";
export const WELCOME_GOOGLE = "Welcome Google User!";
export const SEE_YOU_LATER = "See you later!";
export const PASSWORD_UPDATED = "Password Updated";
export const NAME_UPDATED = "Name Updated";
export const IMAGE_UPLOADED = "Image Upload";
export const EMAIL_SENT = "Email send";
export const USER_NOT_FOUND = "User not found";
export const ACCOUNT_DISABLED = "Your account is Disabled or Eliminated";
export const GOOGLE_UNAVAILABLE = "Google sign-in is unavailable right now. Please try again later.";

// The second factor (docs/PRODUCT.md §2 "Two-factor authentication").
export const TWO_FACTOR_ON = "Two-factor authentication is on";
export const TWO_FACTOR_OFF = "Two-factor authentication is off";
export const CODE_HINT = "The 6-digit code from your authenticator app, or one of your recovery codes";
export const CODE_SHAPE = "Enter the 6 digits your app shows, or a recovery code";
export const STEP_UP_TITLE = "Confirm it is you";
export const ENROL_FIRST_TITLE = "Set up two-factor authentication";

// /account's "Your data" (docs/PRODUCT.md §2).
export const DATA = Object.freeze({
  INTRO:
    "Download a copy of everything the shop keeps about you: your profile, orders, reviews, favorites, subscriptions and notices.",
  NOT_DOWNLOADED: "Your data could not be downloaded: please try again.",
});
export const DELETE_ACCOUNT = Object.freeze({
  WHAT_STAYS:
    "Deleting your account signs you out for good. Your orders stay in the shop's books without your name, address or email, and your reviews stay as ANONYMOUS USER; everything else of yours goes.",
  ARE_YOU_SURE: "Are you sure?",
  NO_REVERT: "You won't be able to revert this!",
  CONFIRM: "Yes, delete my account",
  CANCEL: "Cancel",
  DONE: "Your account is deleted",
  GOOGLE_AGAIN: "Sign in with Google again to confirm it is you:",
});
