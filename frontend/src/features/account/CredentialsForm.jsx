import { useId, useState } from "react";

// Email and password, as the sign-in and sign-up screens ask them; the identity provider checks them.
export default function CredentialsForm({ submitLabel, passwordAutoComplete, busy, onSubmit }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const id = useId();
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ email: email.trim(), password });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete={passwordAutoComplete}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <button type="submit" className="button button-buy" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
