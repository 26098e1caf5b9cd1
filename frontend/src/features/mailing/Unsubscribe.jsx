import { Link, useParams } from "react-router";
import { config } from "../../lib/config";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useUnsubscribeNewsletterMutation } from "./api";
import { UNSUBSCRIBE_FAILED } from "./messages";

// /unsubscribe/:token, where the link in a newsletter mail leads. Opening it changes nothing (mail scanners follow
// links); the button posts the signed token, and the shop answers what it did.
export default function Unsubscribe() {
  const { token } = useParams();
  const [unsubscribe, { data, error, isLoading, isSuccess }] = useUnsubscribeNewsletterMutation();
  useDocumentTitle("Unsubscribe");

  return (
    <section className="account-page">
      <h1 className="page-title">UNSUBSCRIBE</h1>
      {isSuccess ? (
        <p role="status">{data.message}</p>
      ) : (
        <>
          <p>Stop getting the {config.shopName} newsletter at this address?</p>
          <button type="button" className="button" onClick={() => unsubscribe(token)} disabled={isLoading}>
            Unsubscribe
          </button>
          {error && (
            <p className="field-error" role="alert">
              {error.message ?? UNSUBSCRIBE_FAILED}
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
