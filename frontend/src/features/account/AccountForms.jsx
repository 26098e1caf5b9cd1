import { useState } from "react";
import { useDispatch } from "react-redux";
import FormField from "../../components/FormField";
import { errorPopup, successPopup } from "../../lib/popup";
import { changePassword } from "./accountSlice";
import { useUpdateDisplayNameMutation, useUploadAvatarMutation } from "./api";
import { authMessage, IMAGE_UPLOADED, NAME_UPDATED, PASSWORD_UPDATED } from "./messages";

// Sends a form's request (an API mutation or the identity provider's call, either settled by
// unwrap()); the spec's toast once it is done, the refusal's message if not.
function useAction(success) {
  const [busy, setBusy] = useState(false);
  const run = async (request) => {
    setBusy(true);
    try {
      await request.unwrap();
    } catch (refusal) {
      // A field's message, else the refusal's own (a picture past the upload limit is refused whole).
      errorPopup(Object.values(refusal?.fields ?? {}).flat()[0] ?? authMessage(refusal));
      return false;
    } finally {
      setBusy(false);
    }
    successPopup(success);
    return true;
  };
  return [busy, run];
}

export function DisplayNameForm({ user }) {
  const [name, setName] = useState(user.displayName);
  const [updateDisplayName] = useUpdateDisplayNameMutation();
  const [busy, run] = useAction(NAME_UPDATED);
  return (
    <form
      className="account-form"
      onSubmit={(event) => {
        event.preventDefault();
        run(updateDisplayName(name.trim()));
      }}
    >
      <FormField
        label="Display name"
        autoComplete="nickname"
        maxLength={80}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy}>
        Change name
      </button>
    </form>
  );
}

export function AvatarForm() {
  const [file, setFile] = useState(null);
  const [formKey, setFormKey] = useState(0);
  const [uploadAvatar] = useUploadAvatarMutation();
  const [busy, run] = useAction(IMAGE_UPLOADED);
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
      <FormField
        label="Profile image"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        onChange={(event) => setFile(event.target.files[0] ?? null)}
      />
      <button type="submit" className="button" disabled={busy || !file}>
        Upload image
      </button>
    </form>
  );
}

export function PasswordForm() {
  const dispatch = useDispatch();
  const [currentPassword, setCurrentPassword] = useState("");
  const [password, setPassword] = useState("");
  const [busy, run] = useAction(PASSWORD_UPDATED);
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (await run(dispatch(changePassword({ currentPassword, password })))) {
          setCurrentPassword("");
          setPassword("");
        }
      }}
    >
      <FormField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy}>
        Change password
      </button>
    </form>
  );
}
