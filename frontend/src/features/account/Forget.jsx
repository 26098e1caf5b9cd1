import { useState } from "react";
import { useDispatch } from "react-redux";
import { Link, useNavigate } from "react-router";
import FormField from "../../components/FormField";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { DURATION, errorPopup, successPopup } from "../../lib/popup";
import { sendPasswordReset } from "./accountSlice";
import { EMAIL_SENT, USER_NOT_FOUND } from "./messages";

// /forget: the address to mail a new-password link to (docs/PRODUCT.md §2, §8): 'Email send' then /account,
// 'User not found' for an unknown address; other failures are silent, as the spec has them.
export default function Forget() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  useDocumentTitle("Forgot your password");

  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    const result = await dispatch(sendPasswordReset(email.trim()));
    setBusy(false);
    if (!result.error) {
      await successPopup(EMAIL_SENT, { timer: DURATION.success });
      navigate("/account");
    } else if (result.payload?.code === "auth/user-not-found") {
      errorPopup(USER_NOT_FOUND, { timer: DURATION.success });
    }
  };

  return (
    <section className="account-page">
      <h1 className="page-title">FORGOT YOUR PASSWORD?</h1>
      <form className="account-form" onSubmit={submit}>
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button-buy" disabled={busy}>
          Send Email
        </button>
      </form>
      <Link to="/" className="button button-quiet">
        Back Home
      </Link>
    </section>
  );
}
