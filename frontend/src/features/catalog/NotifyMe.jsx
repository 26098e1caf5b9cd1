import { useId, useState } from "react";
import { useSelector } from "react-redux";
import FormField from "../../components/FormField";
import { selectUser } from "../../lib/session";
import { useNotifyMeMutation } from "./api";
import { NOTIFY_EMAIL_INVALID, NOTIFY_FAILED, NOTIFY_PICK_SIZE, NOTIFY_TOO_MANY } from "./messages";

// Something, an @, something: the server then checks the address properly.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+$/;

// 'Notify me' under a shoe with sold-out sizes (issue 19): the shopper picks one of them and the shop
// mails them once it has pairs again. A visitor leaves an address; a signed-in shopper needs one
// click, the shop mails their account's address.
export default function NotifyMe({ shoe }) {
  const soldOut = shoe.stock.filter((entry) => entry.available < 1).map((entry) => entry.size);
  const user = useSelector(selectUser);
  const [notify, sending] = useNotifyMeMutation();
  const [size, setSize] = useState(soldOut.length === 1 ? soldOut[0] : "");
  const [email, setEmail] = useState("");
  const [problems, setProblems] = useState({});
  const titleId = useId();
  if (soldOut.length === 0) return null;

  const submit = async (event) => {
    event.preventDefault();
    const found = {};
    if (!size) found.size = NOTIFY_PICK_SIZE;
    if (!user && !LOOKS_LIKE_EMAIL.test(email.trim())) found.email = NOTIFY_EMAIL_INVALID;
    setProblems(found);
    if (Object.keys(found).length) return;
    await notify({ shoeId: shoe._id, size, email: user ? undefined : email });
  };

  const { error, data, isSuccess, isLoading } = sending;
  let refusal = null;
  if (error?.status === 429) refusal = NOTIFY_TOO_MANY;
  else if (error)
    refusal = error.fields?.size?.[0] ?? error.fields?.email?.[0] ?? error.message ?? NOTIFY_FAILED;

  return (
    <section className="notify-me" aria-labelledby={titleId}>
      <h2 id={titleId} className="notify-title">
        Sold out in your size?
      </h2>
      {isSuccess ? (
        <p role="status">{data.message}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <FormField
            as="select"
            label="Size to wait for"
            value={size}
            error={problems.size}
            onChange={(event) => {
              setSize(event.target.value);
              setProblems({});
              sending.reset();
            }}
          >
            <option value="">Size</option>
            {soldOut.map((label) => (
              <option key={label} value={label}>
                {label}
              </option>
            ))}
          </FormField>
          {!user && (
            <FormField
              label="Your email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              error={problems.email}
              onChange={(event) => {
                setEmail(event.target.value);
                setProblems({});
                sending.reset();
              }}
            />
          )}
          <button type="submit" className="button" disabled={isLoading}>
            Notify me
          </button>
          {user && <p className="field-hint">We will write to {user.email}.</p>}
          {refusal && (
            <p className="field-error" role="alert">
              {refusal}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
