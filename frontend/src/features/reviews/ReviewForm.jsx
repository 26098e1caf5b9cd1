import { useState } from "react";
import { useLocation } from "react-router";
import FormField from "../../components/FormField";
import { reloadAt } from "../../lib/reload";
import { useSignInFirst } from "../../lib/session";
import { usePostReviewMutation, useUpdateReviewMutation } from "./api";
import {
  CANCEL,
  RATING,
  refusalMessage,
  REVIEW_LENGTH,
  SAVE_REVIEW,
  SEND_REVIEW,
  SIGN_IN_FOR_REVIEWS,
  YOUR_REVIEW,
} from "./messages";
import RatingPicker from "./RatingPicker";
import { reviewErrors } from "./validators";

// The review a buyer starts from: no text, the lowest rating (docs/PRODUCT.md §5).
export const NEW_REVIEW = Object.freeze({ review: "", rating: RATING.default });

// The review being written (no _id) or edited (its _id): the text, checked as it is typed, and 1 to 5
// stars. Send shows only while nothing is wrong; once the shop has the review the page reloads
// (docs/PRODUCT.md §2). `setDraft` changes or closes it; `onNotBuyer` hears that the shop refused a
// buyer it does not know as one.
export default function ReviewForm({ shoeId, draft, setDraft, onNotBuyer }) {
  const { pathname } = useLocation();
  const signInFirst = useSignInFirst();
  const [post, posting] = usePostReviewMutation();
  const [put, putting] = useUpdateReviewMutation();
  // The text's message waits for the first key: an empty form is not yet a mistake.
  const [typed, setTyped] = useState(false);
  const [saved, setSaved] = useState(false);

  const update = Boolean(draft._id);
  const sending = update ? putting : posting;
  const errors = reviewErrors(draft, { update });
  const textError = typed ? errors.review : null;
  const refusal = sending.isError ? refusalMessage(sending.error) : null;
  const busy = sending.isLoading || saved;

  // A change to the text or the rating: the last refusal no longer applies.
  const change = (patch) => {
    if (sending.isError) sending.reset();
    setDraft({ ...draft, ...patch });
  };

  const submit = async (event) => {
    event.preventDefault();
    if (Object.keys(errors).length > 0) return;
    const { review, rating } = draft;
    const { error } = await (update
      ? put({ _id: draft._id, shoeId, review, rating })
      : post({ shoeId, review, rating }));
    if (!error) {
      setSaved(true);
      reloadAt(pathname);
    } else if (error.status === 401) signInFirst(SIGN_IN_FOR_REVIEWS);
    else if (error.code === "not_a_buyer") onNotBuyer?.();
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <FormField
        as="textarea"
        label={YOUR_REVIEW}
        rows={4}
        maxLength={REVIEW_LENGTH.max}
        value={draft.review}
        onChange={(event) => {
          setTyped(true);
          change({ review: event.target.value });
        }}
        disabled={busy}
        error={textError}
        hint={`${draft.review.trim().length} / ${REVIEW_LENGTH.max} characters (at least ${REVIEW_LENGTH.min})`}
      />
      <RatingPicker value={draft.rating} disabled={busy} onChange={(rating) => change({ rating })} />
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      <div className="review-form-actions">
        {Object.keys(errors).length === 0 && (
          <button type="submit" className="button button-buy" disabled={busy}>
            {update ? SAVE_REVIEW : SEND_REVIEW}
          </button>
        )}
        <button type="button" className="button button-quiet" disabled={busy} onClick={() => setDraft(null)}>
          {CANCEL}
        </button>
      </div>
    </form>
  );
}
