import { Link, useParams } from "react-router";
import { config } from "../../lib/config";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useConfirmNewsletterMutation } from "./api";
import { CONFIRM_FAILED } from "./messages";

// /newsletter/confirm/:token, where the link of the newsletter's confirmation mail leads (double
// opt-in). Opening it changes nothing (mail scanners follow links); the button posts the signed token,
// and the shop answers what it did.
export default function NewsletterConfirm() {
  const { token } = useParams();
  const [confirm, { data, error, isLoading, isSuccess }] = useConfirmNewsletterMutation();
  useDocumentTitle("Newsletter");

  return (
    <section className="account-page">
      <h1 className="page-title">NEWSLETTER</h1>
      {isSuccess ? (
        <p role="status">{data.message}</p>
      ) : (
        <>
          <p>{`Get the ${config.shopName} newsletter at this address?`}</p>
          <button type="button" className="button" onClick={() => confirm(token)} disabled={isLoading}>
            Confirm my subscription
          </button>
          {error && (
            <p className="field-error" role="alert">
              {error.message ?? CONFIRM_FAILED}
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
