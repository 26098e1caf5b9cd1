import { useState } from "react";
import FormField from "../../components/FormField";
import { useAskReminderMutation } from "./api";
import { REMINDER_EMAIL_INVALID, REMINDER_FAILED } from "./messages";

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;

// "Remind me": an address kept for one mail at the minute the release opens.
export default function ReminderForm({ releaseId }) {
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState("");
  const [ask, sending] = useAskReminderMutation();

  const submit = async (event) => {
    event.preventDefault();
    if (!LOOKS_LIKE_EMAIL.test(email.trim())) {
      setProblem(REMINDER_EMAIL_INVALID);
      return;
    }
    setProblem("");
    await ask({ releaseId, email });
  };

  if (sending.isSuccess) return <p role="status">{sending.data.detail}</p>;
  const refusal = sending.error
    ? (sending.error.fields?.email?.[0] ?? sending.error.message ?? REMINDER_FAILED)
    : "";
  return (
    <form className="release-reminder" onSubmit={submit} noValidate>
      <FormField
        label="Mail me when it opens"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        error={problem || refusal}
        onChange={(event) => {
          setEmail(event.target.value);
          setProblem("");
          sending.reset();
        }}
      />
      <button type="submit" className="btn" disabled={sending.isLoading}>
        Remind me
      </button>
    </form>
  );
}
