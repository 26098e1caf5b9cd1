import { useId, useState } from "react";
import { successPopup } from "../../lib/popup";
import { useSubscribeNewsletterMutation } from "./api";
import { NEWSLETTER_CHECK_INBOX, NEWSLETTER_THANKS, TOO_MANY_TRIES } from "./messages";
import { newsletterError } from "./validators";

// The footer's newsletter signup: 'Use a valid email' without an @ (checked here and by the server),
// 'Thanks for subscribing!' once the shop has the address, which counts once its owner follows the link
// the shop mails them (double opt-in; the answer is the same whatever the shop knew of the address).
export default function NewsletterForm() {
  const [subscribe, sending] = useSubscribeNewsletterMutation();
  const { error } = sending;
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState(null);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event) => {
    event.preventDefault();
    const invalid = newsletterError(email);
    setProblem(invalid);
    if (invalid) return;
    const { error: refused } = await subscribe(email);
    if (!refused) {
      setEmail("");
      successPopup(NEWSLETTER_THANKS, { text: NEWSLETTER_CHECK_INBOX });
    }
  };

  const refusal =
    error && (error.status === 429 ? TOO_MANY_TRIES : (error.fields?.email?.[0] ?? error.message));
  const shown = problem ?? refusal;
  return (
    <form className="newsletter" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>Get the newsletter</label>
      <div className="newsletter-row">
        <input
          id={inputId}
          type="email"
          autoComplete="email"
          placeholder="Your email"
          value={email}
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? errorId : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setProblem(null);
            if (error) sending.reset();
          }}
        />
        <button type="submit" className="button" disabled={sending.isLoading}>
          Subscribe
        </button>
      </div>
      {shown && (
        <p id={errorId} className="field-error" role="alert">
          {shown}
        </p>
      )}
    </form>
  );
}
