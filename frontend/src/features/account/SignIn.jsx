import { useState } from "react";
import { useDispatch } from "react-redux";
import { Link, useLocation, useNavigate } from "react-router";
import { config } from "../../lib/config";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { errorPopup, successPopup } from "../../lib/popup";
import { signIn, signInWithGoogle } from "./accountSlice";
import CredentialsForm from "./CredentialsForm";
import GoogleSignInButton from "./GoogleSignInButton";
import { authMessage, WELCOME_AGAIN, WELCOME_GOOGLE } from "./messages";
import { secondFactorApi } from "./secondFactor";
import { CodeForm } from "./SecondFactorForms";

// /signin: email and password, or Google; then back where the guard sent the visitor from. Google is
// offered only by a shop that can sign its users in with it: through Firebase's SDK, or with Google's
// own button when the shop has a Google client id. Otherwise there is no Google button at all. An account
// with an authenticator app then gives a code (the second step): its session has no admin rights before.
export default function SignIn({ settings = config }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  // The welcome that waits for the second step's code.
  const [codeFor, setCodeFor] = useState(null);
  useDocumentTitle("Sign in");

  const done = (welcome) => {
    successPopup(welcome);
    navigate(location.state?.from ?? "/account", { replace: true });
  };

  const finish = async (thunk, welcome) => {
    setBusy(true);
    const result = await dispatch(thunk);
    setBusy(false);
    if (result.error) {
      errorPopup(authMessage(result.payload));
      return;
    }
    if (result.payload?.otpRequired) setCodeFor(welcome);
    else done(welcome);
  };

  if (codeFor) {
    return (
      <section className="account-page">
        <h1 className="page-title">SIGN IN</h1>
        <p className="form-note" role="status">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
        <CodeForm
          submitLabel="Verify"
          onCode={async (code) => {
            await secondFactorApi.verify(code);
            done(codeFor);
          }}
        />
      </section>
    );
  }

  return (
    <section className="account-page">
      <h1 className="page-title">SIGN IN</h1>
      {location.state?.reason && (
        <p className="form-note" role="status">
          {location.state.reason}
        </p>
      )}
      <CredentialsForm
        submitLabel="Sign in"
        passwordAutoComplete="current-password"
        busy={busy}
        onSubmit={(credentials) => finish(signIn(credentials), WELCOME_AGAIN)}
      />
      {settings.identityProvider === "firebase" ? (
        <button
          type="button"
          className="button button-quiet"
          disabled={busy}
          onClick={() => finish(signInWithGoogle(), WELCOME_GOOGLE)}
        >
          Sign in with Google
        </button>
      ) : (
        settings.googleClientId && (
          <GoogleSignInButton
            clientId={settings.googleClientId}
            onCredential={(credential) => finish(signInWithGoogle(credential), WELCOME_GOOGLE)}
          />
        )
      )}
      <p className="account-links">
        <Link to="/forget">Forgot your password?</Link>
        <Link to="/createaccount">Create an account</Link>
      </p>
    </section>
  );
}
