import { Link, useParams } from "react-router";
import { useDocumentTitle } from "../lib/useDocumentTitle";

// Where the unsubscribe link of a mail leads (/unsubscribe/:token, /unsubscribe/stock/:token). Opening
// it changes nothing (mail scanners follow links); the button posts the signed token with
// `useUnsubscribe` (an RTK Query mutation hook), and the shop answers what it did.
export default function UnsubscribeScreen({ question, useUnsubscribe, failed }) {
  const { token } = useParams();
  const [unsubscribe, { data, error, isLoading, isSuccess }] = useUnsubscribe();
  useDocumentTitle("Unsubscribe");

  return (
    <section className="account-page">
      <h1 className="page-title">UNSUBSCRIBE</h1>
      {isSuccess ? (
        <p role="status">{data.message}</p>
      ) : (
        <>
          <p>{question}</p>
          <button type="button" className="button" onClick={() => unsubscribe(token)} disabled={isLoading}>
            Unsubscribe
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
