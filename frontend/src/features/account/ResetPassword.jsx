import { useState } from "react";
import { useDispatch } from "react-redux";
import { Link, useNavigate, useSearchParams } from "react-router";
import FormField from "../../components/FormField";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { errorPopup, successPopup } from "../../lib/popup";
import { confirmPasswordReset } from "./accountSlice";
import { authMessage, PASSWORD_UPDATED } from "./messages";

// /reset-password?uid=&token=: where the mailed link leads (local provider); then sign in anew.
export default function ResetPassword() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  useDocumentTitle("Set a new password");

  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    const result = await dispatch(
      confirmPasswordReset({ uid: query.get("uid") ?? "", token: query.get("token") ?? "", password }),
    );
    setBusy(false);
    if (result.error) {
      errorPopup(authMessage(result.payload));
      return;
    }
    successPopup(PASSWORD_UPDATED);
    navigate("/signin", { replace: true });
  };

  return (
    <section className="account-page">
      <h1 className="page-title">SET A NEW PASSWORD</h1>
      <form className="account-form" onSubmit={submit} noValidate>
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button button-buy" disabled={busy}>
          Set password
        </button>
      </form>
      <p className="account-links">
        <Link to="/forget">Ask for a new link</Link>
      </p>
    </section>
  );
}
