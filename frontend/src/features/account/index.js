// Who is signed in (the identity provider's word, kept in the account slice and read through
// lib/session.js), signing out, the guards of the route table, the account's profile (which
// pages/Account.jsx shows with the user's orders) and the account's screens.
export { default as Account } from "./Account";
export { accountSlice, signOut, startIdentity } from "./accountSlice";
export { RequireAdmin, RequireUser } from "./guards";
export { installSecondFactorHandler } from "./secondFactor";

// The screens of the route table, each a chunk of its own.
export const screens = {
  SignIn: () => import(/* webpackChunkName: "screen-SignIn" */ "./SignIn"),
  CreateAccount: () => import(/* webpackChunkName: "screen-CreateAccount" */ "./CreateAccount"),
  Forget: () => import(/* webpackChunkName: "screen-Forget" */ "./Forget"),
  ResetPassword: () => import(/* webpackChunkName: "screen-ResetPassword" */ "./ResetPassword"),
};
