import { useSelector } from "react-redux";
import { Navigate, useLocation } from "react-router";
import { DataLoading } from "../../components/Loading";
import { returnPath, selectAccount } from "../../lib/session";

// The spec's guards (docs/PRODUCT.md §6), for the browser's comfort: the server refuses these users anyway.

// A visitor goes to /signin, and comes back here once signed in; an account just turned away goes home.
export function RequireUser({ children }) {
  const { status, turnedAway } = useSelector(selectAccount);
  const location = useLocation();
  if (status === "unknown") return <DataLoading />;
  if (status === "signedOut" && turnedAway) return <Navigate to="/" replace />;
  if (status === "signedOut") return <Navigate to="/signin" replace state={{ from: returnPath(location) }} />;
  return children;
}

// Anyone the server does not call an administrator goes home.
export function RequireAdmin({ children }) {
  const { status, user } = useSelector(selectAccount);
  if (status === "unknown") return <DataLoading />;
  if (!user?.isAdmin || user.status !== "Enabled") return <Navigate to="/" replace />;
  return children;
}
