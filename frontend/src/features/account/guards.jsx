import { useCallback } from "react";
import { useSelector } from "react-redux";
import { Navigate, useLocation, useNavigate } from "react-router";
import { DataLoading } from "../../components/Loading";
import { selectAccount } from "./accountSlice";

// The spec's guards (docs/PRODUCT.md §6), for the browser's comfort: the server refuses these users anyway.

const here = (location) => `${location.pathname}${location.search}`;

// A visitor goes to /signin, and comes back here once signed in; an account just turned away goes home.
export function RequireUser({ children }) {
  const { status, turnedAway } = useSelector(selectAccount);
  const location = useLocation();
  if (status === "unknown") return <DataLoading />;
  if (status === "signedOut" && turnedAway) return <Navigate to="/" replace />;
  if (status === "signedOut") return <Navigate to="/signin" replace state={{ from: here(location) }} />;
  return children;
}

// For a visitor pressing what needs an account (a favorite, a review): /signin says why, and brings
// them back here once signed in.
export function useSignInFirst() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = here(location);
  return useCallback((reason) => navigate("/signin", { state: { from, reason } }), [navigate, from]);
}

// Anyone the server does not call an administrator goes home.
export function RequireAdmin({ children }) {
  const { status, user } = useSelector(selectAccount);
  if (status === "unknown") return <DataLoading />;
  if (!user?.isAdmin || user.status !== "Enabled") return <Navigate to="/" replace />;
  return children;
}
