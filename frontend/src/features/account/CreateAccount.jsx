import { useState } from "react";
import { useDispatch } from "react-redux";
import { Link } from "react-router";
import { config } from "../../lib/config";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { DURATION, errorPopup, successPopup } from "../../lib/popup";
import { reloadAt } from "../../lib/reload";
import { signUp } from "./accountSlice";
import CredentialsForm from "./CredentialsForm";
import { authMessage, welcomeText } from "./messages";

// /createaccount: email and password; then the account page, loaded afresh.
export default function CreateAccount() {
  const dispatch = useDispatch();
  const [busy, setBusy] = useState(false);
  useDocumentTitle("Create an account");

  const submit = async (credentials) => {
    setBusy(true);
    const result = await dispatch(signUp(credentials));
    if (result.error) {
      setBusy(false);
      errorPopup(authMessage(result.payload));
      return;
    }
    await successPopup(welcomeText(config.shopName), { timer: DURATION.success });
    reloadAt("/account");
  };

  return (
    <section className="account-page">
      <h1 className="page-title">CREATE ACCOUNT</h1>
      <CredentialsForm
        submitLabel="Create account"
        passwordAutoComplete="new-password"
        busy={busy}
        onSubmit={submit}
      />
      <p className="account-links">
        <span>
          Have an account? <Link to="/signin">Sign in</Link>
        </span>
      </p>
    </section>
  );
}
