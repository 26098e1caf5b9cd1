import { useEffect, useState } from "react";
import { useDispatch } from "react-redux";
import { useNavigate } from "react-router";
import FormField from "../../components/FormField";
import { config } from "../../lib/config";
import { confirmPopup, errorPopup, successPopup } from "../../lib/popup";
import { signOut } from "./accountSlice";
import { useDeleteMyAccountMutation, useDownloadMyDataMutation } from "./dataApi";
import { dataFileName, saveJsonFile } from "./download";
import GoogleSignInButton from "./GoogleSignInButton";
import { loadIdentity } from "./identity";
import { authMessage, DATA, DELETE_ACCOUNT } from "./messages";
import { secondFactorApi } from "./secondFactor";

// The refusal of an account that only signs in with Google (or whose Firebase sign-in is old): sign in again.
const RECENT_LOGIN = "auth/requires-recent-login";

// /account's "Your data" (docs/PRODUCT.md §2): the shopper's data as a JSON file, and their account deleted
// once they confirm it with their password (and their app's code when they have one).
export default function YourData({ settings = config }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [downloadMyData, { isLoading: downloading }] = useDownloadMyDataMutation();
  const [deleteMyAccount] = useDeleteMyAccountMutation();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [withCode, setWithCode] = useState(false);
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const [googleAgain, setGoogleAgain] = useState(false);

  useEffect(() => {
    let live = true;
    secondFactorApi
      .status()
      .then((status) => live && setWithCode(Boolean(status?.enrolled)))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const download = async () => {
    try {
      saveJsonFile(await downloadMyData().unwrap(), dataFileName());
    } catch (refusal) {
      errorPopup(refusal?.message ?? DATA.NOT_DOWNLOADED);
    }
  };

  const remove = async (credential) => {
    const sure = await confirmPopup({
      icon: "warning",
      title: DELETE_ACCOUNT.ARE_YOU_SURE,
      text: DELETE_ACCOUNT.NO_REVERT,
      confirmButtonText: DELETE_ACCOUNT.CONFIRM,
      cancelButtonText: DELETE_ACCOUNT.CANCEL,
    });
    if (!sure) return;
    setBusy(true);
    setErrors({});
    try {
      // Firebase keeps the password: it signs the shopper in again first, so the server sees a recent sign-in.
      if (!credential) await (await loadIdentity()).reauthenticate(password);
      await deleteMyAccount({ password, code: withCode ? code : undefined, credential }).unwrap();
    } catch (refusal) {
      setBusy(false);
      if (
        refusal?.code === RECENT_LOGIN &&
        settings.identityProvider === "local" &&
        settings.googleClientId
      ) {
        setGoogleAgain(true);
      }
      if (refusal?.fields && Object.keys(refusal.fields).length) setErrors(refusal.fields);
      else errorPopup(authMessage(refusal));
      return;
    }
    await dispatch(signOut());
    successPopup(DELETE_ACCOUNT.DONE);
    navigate("/", { replace: true });
  };

  return (
    <section className="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="section-title">
        YOUR DATA
      </h2>
      <p>{DATA.INTRO}</p>
      <button type="button" className="button" onClick={download} disabled={downloading}>
        Download my data
      </button>
      <form
        className="account-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          remove();
        }}
      >
        <p>{DELETE_ACCOUNT.WHAT_STAYS}</p>
        <FormField
          label="Password to confirm"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password?.[0]}
          onChange={(event) => setPassword(event.target.value)}
        />
        {withCode && (
          <FormField
            label="Two-factor code"
            autoComplete="one-time-code"
            value={code}
            error={errors.code?.[0]}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <button type="submit" className="button button-danger" disabled={busy}>
          Delete my account
        </button>
        {googleAgain && (
          <>
            <p>{DELETE_ACCOUNT.GOOGLE_AGAIN}</p>
            <GoogleSignInButton
              clientId={settings.googleClientId}
              onCredential={(credential) => remove(credential)}
            />
          </>
        )}
      </form>
    </section>
  );
}
