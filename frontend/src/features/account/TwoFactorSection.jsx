import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { successPopup } from "../../lib/popup";
import { TWO_FACTOR_OFF, TWO_FACTOR_ON } from "./messages";
import { secondFactorApi } from "./secondFactor";
import { CodeForm } from "./SecondFactorForms";

// /account's "Two-factor authentication" (docs/PRODUCT.md §2): set up an authenticator app from a QR code (or
// its key typed in), confirmed by its first code; then the ten recovery codes, shown this once; turning it off
// takes a current code and the password.
export default function TwoFactorSection() {
  const [status, setStatus] = useState(null);
  const [enrolment, setEnrolment] = useState(null);
  const [recoveryCodes, setRecoveryCodes] = useState(null);
  const section = useRef(null);
  const { hash } = useLocation();

  useEffect(() => {
    let live = true;
    secondFactorApi
      .status()
      .then((answer) => live && setStatus(answer))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  // The dashboard sends an admin who must enrol to /account#two-factor.
  useEffect(() => {
    if (status && hash === "#two-factor") section.current?.scrollIntoView();
  }, [status, hash]);

  if (!status) return null;

  const start = async () => setEnrolment(await secondFactorApi.enrol());
  const confirm = async (code) => {
    const { recoveryCodes: codes } = await secondFactorApi.confirm(code);
    setEnrolment(null);
    setRecoveryCodes(codes);
    setStatus(await secondFactorApi.status());
    successPopup(TWO_FACTOR_ON);
  };
  const disable = async (code, password) => {
    setStatus(await secondFactorApi.disable(code, password));
    setRecoveryCodes(null);
    successPopup(TWO_FACTOR_OFF);
  };

  return (
    <section className="two-factor" id="two-factor" ref={section} aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="section-title">
        TWO-FACTOR AUTHENTICATION
      </h2>
      {recoveryCodes && (
        <div className="two-factor-codes" role="status">
          <p>
            Your recovery codes: keep them somewhere safe. Each works once, when your app is not at hand; they
            are shown only now.
          </p>
          <ul aria-label="Recovery codes">
            {recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="button" onClick={() => setRecoveryCodes(null)}>
            I saved them
          </button>
        </div>
      )}
      {status.enrolled && (
        <>
          <p>
            Two-factor authentication is on: signing in asks for a code from your authenticator app.{" "}
            {status.recoveryCodesLeft} recovery codes left.
          </p>
          <p>To turn it off, enter a current code and your password.</p>
          <CodeForm submitLabel="Turn off" withPassword onCode={disable} />
        </>
      )}
      {!status.enrolled && !enrolment && (
        <>
          <p>
            {status.required
              ? "Your admin rights need it: set up an authenticator app to use the dashboard."
              : "Protect your account with a code from an authenticator app when you sign in."}
          </p>
          <button type="button" className="button" onClick={start}>
            Set up two-factor authentication
          </button>
        </>
      )}
      {enrolment && (
        <div className="two-factor-enrol">
          <p>Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
          <img
            className="two-factor-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt="QR code of your two-factor key"
            width="200"
            height="200"
          />
          <p>
            Or type this key into the app: <code className="two-factor-secret">{enrolment.secret}</code>
          </p>
          <CodeForm submitLabel="Confirm" onCode={(code) => confirm(code)} />
        </div>
      )}
    </section>
  );
}
