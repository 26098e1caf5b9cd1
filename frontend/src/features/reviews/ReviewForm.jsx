import { useId, useState } from "react";
import { useDispatch, useSelector } from "react-redux";
import { useLocation } from "react-router";
import { reloadAt } from "../../lib/reload";
import { useSignInFirst } from "../account/guards";
import {
  CANCEL,
  refusalMessage,
  REVIEW_LENGTH,
  SAVE_REVIEW,
  SEND_REVIEW,
  SIGN_IN_FOR_REVIEWS,
  YOUR_REVIEW,
} from "./messages";
import RatingPicker from "./RatingPicker";
import { postReview, reviewChanged, reviewClosed, selectReview, updateReview } from "./reviewsSlice";
import { reviewErrors } from "./validators";

// The review being written (no _id) or edited (its _id): the text, checked as it is typed, and 1 to 5
// stars. Send shows only while nothing is wrong; once the shop has the review the page reloads.
export default function ReviewForm({ shoeId }) {
  const dispatch = useDispatch();
  const { pathname } = useLocation();
  const signInFirst = useSignInFirst();
  const { current, saving } = useSelector(selectReview);
  // The text's message waits for the first key: an empty form is not yet a mistake.
  const [typed, setTyped] = useState(false);
  const id = useId();

  const update = Boolean(current._id);
  const errors = reviewErrors(current, { update });
  const textError = typed ? errors.review : null;
  const refusal = saving.status === "failed" ? refusalMessage(saving.error) : null;
  const busy = saving.status === "saving" || saving.status === "saved";

  const submit = async (event) => {
    event.preventDefault();
    if (Object.keys(errors).length > 0) return;
    const thunk = update ? updateReview : postReview;
    const result = await dispatch(thunk({ ...current, shoeId }));
    if (thunk.fulfilled.match(result)) reloadAt(pathname);
    else if (result.payload?.status === 401) signInFirst(SIGN_IN_FOR_REVIEWS);
  };

  const change = (event) => {
    setTyped(true);
    dispatch(reviewChanged({ review: event.target.value }));
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-text`}>{YOUR_REVIEW}</label>
        <textarea
          id={`${id}-text`}
          rows={4}
          maxLength={REVIEW_LENGTH.max}
          value={current.review}
          onChange={change}
          disabled={busy}
          aria-invalid={Boolean(textError)}
          aria-describedby={textError ? `${id}-error` : `${id}-hint`}
        />
        {textError && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {textError}
          </p>
        )}
        <p id={`${id}-hint`} className="field-hint">
          {current.review.trim().length} / {REVIEW_LENGTH.max} characters (at least {REVIEW_LENGTH.min})
        </p>
      </div>
      <RatingPicker
        value={current.rating}
        disabled={busy}
        onChange={(rating) => dispatch(reviewChanged({ rating }))}
      />
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
        <button
          type="button"
          className="button button-quiet"
          disabled={busy}
          onClick={() => dispatch(reviewClosed())}
        >
          {CANCEL}
        </button>
      </div>
    </form>
  );
}
