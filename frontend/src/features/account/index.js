// Who is signed in (the identity provider's word, kept in the account slice), the guards of the route
// table, and the account's screens.
export {
  accountSlice,
  selectAccount,
  selectIsAdmin,
  selectUser,
  signOut,
  startIdentity,
} from "./accountSlice";
export { RequireAdmin, RequireUser, useSignInFirst } from "./guards";

// The screens of the route table, each a chunk of its own.
export const screens = {
  SignIn: () => import(/* webpackChunkName: "screen-SignIn" */ "./SignIn"),
  CreateAccount: () => import(/* webpackChunkName: "screen-CreateAccount" */ "./CreateAccount"),
  Forget: () => import(/* webpackChunkName: "screen-Forget" */ "./Forget"),
  ResetPassword: () => import(/* webpackChunkName: "screen-ResetPassword" */ "./ResetPassword"),
  Account: () => import(/* webpackChunkName: "screen-Account" */ "./Account"),
};
