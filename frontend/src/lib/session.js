import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

// The shopper's session as every feature reads it: who is signed in and what their cart holds. The
// slices that write this state stay with their features (features/account's accountSlice,
// features/cart's cartSlice); these selectors only read it, so a feature that needs the user or the
// cart's lines reads them here, not from another feature.

export const selectAccount = (state) => state.account;
export const selectUser = (state) => state.account.user;
export const selectIsAdmin = (state) => Boolean(state.account.user?.isAdmin);

export const selectCartItems = (state) => state.cart.items;

// Where the shopper is: where /signin brings them back to.
export const returnPath = (location) => `${location.pathname}${location.search}`;

// For a visitor pressing what needs an account (a favorite, a review): /signin says why, and brings
// them back here once signed in.
export function useSignInFirst() {
  const navigate = useNavigate();
  const from = returnPath(useLocation());
  return useCallback((reason) => navigate("/signin", { state: { from, reason } }), [navigate, from]);
}
