import { useSelector } from "react-redux";
import { Navigate, useLocation } from "react-router";
import Loading from "../../components/Loading";
import { selectAccount } from "./accountSlice";

// The spec's guards (SPEC.md §6), for the browser's comfort: the server refuses these users anyway.

// A visitor goes to /signin, and comes back here once signed in.
export function RequireUser({ children }) {
  const { status } = useSelector(selectAccount);
  const location = useLocation();
  if (status === "unknown") return <Loading />;
  if (status === "signedOut") {
    return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}

// Anyone the server does not call an administrator goes home.
export function RequireAdmin({ children }) {
  const { status, user } = useSelector(selectAccount);
  if (status === "unknown") return <Loading />;
  if (!user?.isAdmin || user.status !== "Enabled") return <Navigate to="/" replace />;
  return children;
}
