import { useState } from "react";
import { useDispatch } from "react-redux";
import { Link, useParams } from "react-router";
import { config } from "../../app/config";
import { useDocumentTitle } from "../../app/useDocumentTitle";
import { UNSUBSCRIBE_FAILED } from "./messages";
import { unsubscribeNewsletter } from "./unsubscribe";

// /unsubscribe/:token, where the link in a newsletter mail leads. Opening it changes nothing (mail scanners follow
// links); the button posts the signed token, and the shop answers what it did.
export default function Unsubscribe() {
  const { token } = useParams();
  const dispatch = useDispatch();
  const [answer, setAnswer] = useState({ status: "idle", message: null });
  useDocumentTitle("Unsubscribe");

  const confirm = async () => {
    setAnswer({ status: "sending", message: null });
    const result = await dispatch(unsubscribeNewsletter(token));
    setAnswer(
      unsubscribeNewsletter.fulfilled.match(result)
        ? { status: "done", message: result.payload.message }
        : { status: "failed", message: result.payload?.message ?? UNSUBSCRIBE_FAILED },
    );
  };

  return (
    <section className="account-page">
      <h1 className="page-title">UNSUBSCRIBE</h1>
      {answer.status === "done" ? (
        <p role="status">{answer.message}</p>
      ) : (
        <>
          <p>Stop getting the {config.shopName} newsletter at this address?</p>
          <button type="button" className="button" onClick={confirm} disabled={answer.status === "sending"}>
            Unsubscribe
          </button>
          {answer.status === "failed" && (
            <p className="field-error" role="alert">
              {answer.message}
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
