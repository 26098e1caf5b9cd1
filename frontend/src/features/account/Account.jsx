import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { Link, useNavigate } from "react-router";
import FormField from "../../components/FormField";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import avatarPlaceholder from "../../assets/avatar-placeholder.svg";
import { errorPopup, successPopup } from "../../lib/popup";
import { selectUser } from "../../lib/session";
import { accountTurnedAway, selectIsDisabled, signOut } from "./accountSlice";
import { AvatarForm, DisplayNameForm, PasswordForm } from "./AccountForms";
import { ACCOUNT_DISABLED, SEE_YOU_LATER } from "./messages";
import TwoFactorSection from "./TwoFactorSection";
import YourData from "./YourData";

// /account's profile, its forms and the ways out (docs/PRODUCT.md §2), with `myOrders` (the orders
// feature's list, which pages/Account.jsx gives it) under MY ORDERS, and `addressBook` (the checkout's) above it.
export default function Account({ myOrders, addressBook }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const user = useSelector(selectUser);
  const disabled = useSelector(selectIsDisabled);
  useDocumentTitle("My account");

  // A Disabled or Eliminated account is told so, sent home and signed out (docs/PRODUCT.md §4). The way home
  // is a transition and may land after the sign-out: accountTurnedAway makes the guard send it home too.
  useEffect(() => {
    if (!disabled) return;
    errorPopup(ACCOUNT_DISABLED);
    dispatch(accountTurnedAway());
    navigate("/", { replace: true });
    dispatch(signOut());
  }, [disabled, dispatch, navigate]);

  if (disabled) return null;

  const logOut = async () => {
    await dispatch(signOut());
    successPopup(SEE_YOU_LATER);
    navigate("/");
  };

  return (
    <section className="account">
      <h1 className="page-title">MY ACCOUNT</h1>
      <div className="account-profile">
        <img
          className="avatar"
          src={user.avatar ?? avatarPlaceholder}
          alt={user.avatar ? "Your profile image" : "No profile image yet"}
          width="128"
          height="128"
        />
        <div>
          <p className="account-name">{user.displayName || "No display name yet"}</p>
          <FormField label="Email" type="email" value={user.email} readOnly />
        </div>
      </div>
      <div className="account-grid">
        <DisplayNameForm user={user} />
        <AvatarForm />
        <PasswordForm />
      </div>
      <TwoFactorSection />
      {addressBook}
      <section className="my-orders" aria-labelledby="my-orders-title">
        <h2 id="my-orders-title" className="section-title">
          MY ORDERS
        </h2>
        {myOrders}
      </section>
      <YourData />
      <nav className="account-actions" aria-label="Account">
        <Link to="/favorites" className="button">
          Favorites
        </Link>
        {user.isAdmin && (
          <Link to="/admin" className="button">
            Admin
          </Link>
        )}
        <button type="button" className="button" onClick={logOut}>
          Logout
        </button>
        <Link to="/" className="button button-quiet">
          Back Home
        </Link>
      </nav>
    </section>
  );
}
