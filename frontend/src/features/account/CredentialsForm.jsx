import { useState } from "react";
import FormField from "../../components/FormField";

// Email and password, as the sign-in and sign-up screens ask them; the identity provider checks them.
export default function CredentialsForm({ submitLabel, passwordAutoComplete, busy, onSubmit }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ email: email.trim(), password });
      }}
    >
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete={passwordAutoComplete}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className="button button-buy" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
