import { useId, useState } from "react";
import { useDispatch } from "react-redux";
import { errorPopup, successPopup } from "../../lib/popup";
import { changePassword, updateDisplayName, uploadAvatar } from "./accountSlice";
import { authMessage, IMAGE_UPLOADED, NAME_UPDATED, PASSWORD_UPDATED } from "./messages";

// Sends a form's action; the spec's toast once it is done, the refusal's message if not.
function useAction(success) {
  const dispatch = useDispatch();
  const [busy, setBusy] = useState(false);
  const run = async (thunk) => {
    setBusy(true);
    const result = await dispatch(thunk);
    setBusy(false);
    if (result.error) {
      const refusal = result.payload;
      // A field's message, else the refusal's own (a picture past the upload limit is refused whole).
      errorPopup(Object.values(refusal?.fields ?? {}).flat()[0] ?? authMessage(refusal));
      return false;
    }
    successPopup(success);
    return true;
  };
  return [busy, run];
}

export function DisplayNameForm({ user }) {
  const [name, setName] = useState(user.displayName);
  const [busy, run] = useAction(NAME_UPDATED);
  const id = useId();
  return (
    <form
      className="account-form"
      onSubmit={(event) => {
        event.preventDefault();
        run(updateDisplayName(name.trim()));
      }}
    >
      <div className="field">
        <label htmlFor={id}>Display name</label>
        <input
          id={id}
          autoComplete="nickname"
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        Change name
      </button>
    </form>
  );
}

export function AvatarForm() {
  const [file, setFile] = useState(null);
  const [formKey, setFormKey] = useState(0);
  const [busy, run] = useAction(IMAGE_UPLOADED);
  const id = useId();
  return (
    <form
      key={formKey}
      className="account-form"
      onSubmit={async (event) => {
        event.preventDefault();
        if (file && (await run(uploadAvatar(file)))) {
          setFile(null);
          setFormKey((key) => key + 1);
        }
      }}
    >
      <div className="field">
        <label htmlFor={id}>Profile image</label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          onChange={(event) => setFile(event.target.files[0] ?? null)}
        />
      </div>
      <button type="submit" className="button" disabled={busy || !file}>
        Upload image
      </button>
    </form>
  );
}

export function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState("");
  const [password, setPassword] = useState("");
  const [busy, run] = useAction(PASSWORD_UPDATED);
  const id = useId();
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (await run(changePassword({ currentPassword, password }))) {
          setCurrentPassword("");
          setPassword("");
        }
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-current`}>Current password</label>
        <input
          id={`${id}-current`}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-new`}>New password</label>
        <input
          id={`${id}-new`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        Change password
      </button>
    </form>
  );
}
