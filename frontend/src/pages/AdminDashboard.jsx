import { useCallback } from "react";
import { useDispatch } from "react-redux";
import { signOut } from "../features/account";
import { AdminDashboard } from "../features/admin";

// /admin (behind the admin guard): the admin's dashboard, whose Logout signs out as the account does.
export default function AdminDashboardPage() {
  const dispatch = useDispatch();
  const signOutNow = useCallback(() => dispatch(signOut()), [dispatch]);
  return <AdminDashboard signOut={signOutNow} />;
}
