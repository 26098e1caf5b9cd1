import { useState } from "react";
import FormField from "../../components/FormField";
import { refusalOf } from "../../lib/api";
import { codeShape } from "../../lib/secondFactor";
import { CODE_HINT, CODE_SHAPE } from "./messages";

// A code field and its button: the sign-in's second step, the set-up's first code, turning it off. `onCode`
// gets the code (and the password when `withPassword`); a refusal it throws shows under the field.
export function CodeForm({ submitLabel, onCode, withPassword = false, id }) {
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event) => {
    event.preventDefault();
    const { code, valid } = codeShape(typed);
    if (!valid) {
      setError(CODE_SHAPE);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onCode(code, password);
    } catch (failure) {
      const refusal = refusalOf(failure);
      setError(refusal.fields.code?.[0] ?? refusal.fields.password?.[0] ?? refusal.message);
      setBusy(false);
      return;
    }
    setBusy(false);
    setTyped("");
    setPassword("");
  };

  return (
    <form className="account-form" noValidate onSubmit={submit} id={id}>
      <FormField
        label="Code"
        autoComplete="one-time-code"
        inputMode="text"
        autoCapitalize="off"
        spellCheck="false"
        value={typed}
        hint={CODE_HINT}
        error={error}
        onChange={(event) => setTyped(event.target.value)}
      />
      {withPassword && (
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
      <button type="submit" className="button button-buy" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
