import { Link, useParams } from "react-router";
import { useDocumentTitle } from "../lib/useDocumentTitle";

// Where a mail's signed link leads (/unsubscribe/:token, /unsubscribe/stock/:token,
// /newsletter/confirm/:token). Opening it changes nothing (mail scanners follow links); the button posts
// the signed token with `useAction` (an RTK Query mutation hook), and the shop answers what it did.
export default function MailLinkScreen({ title, question, actionLabel, useAction, failed }) {
  const { token } = useParams();
  const [act, { data, error, isLoading, isSuccess }] = useAction();
  useDocumentTitle(title);

  return (
    <section className="account-page">
      <h1 className="page-title">{title.toUpperCase()}</h1>
      {isSuccess ? (
        <p role="status">{data.message}</p>
      ) : (
        <>
          <p>{question}</p>
          <button type="button" className="button" onClick={() => act(token)} disabled={isLoading}>
            {actionLabel}
          </button>
          {error && (
            <p className="field-error" role="alert">
              {error.message ?? failed}
            </p>
          )}
        </>
      )}
      <p className="account-links">
        <Link to="/">Back Home</Link>
      </p>
    </section>
  );
}
