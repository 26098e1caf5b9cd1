import { useState } from "react";
import { useLocation } from "react-router";
import { confirmPopup, errorPopup } from "../../lib/popup";
import { reloadAt } from "../../lib/reload";
import {
  ANONYMOUS_USER,
  ARE_YOU_SURE,
  CANCEL,
  DELETE,
  EDIT,
  NO_REVERT,
  refusalMessage,
  YES_DELETE,
  YOU,
} from "./messages";
import { useDeleteReviewMutation } from "./api";
import ReviewForm from "./ReviewForm";
import { Stars } from "./Stars";

// The author's Edit (the review, to edit, replaces whatever was being written) and Delete; after a
// delete the page reloads (docs/PRODUCT.md §2).
function OwnReviewActions({ review, shoeId, onEdit }) {
  const { pathname } = useLocation();
  const [deleteReview, deleting] = useDeleteReviewMutation();
  const [deleted, setDeleted] = useState(false);

  const remove = async () => {
    const sure = await confirmPopup({
      icon: "warning",
      title: ARE_YOU_SURE,
      text: NO_REVERT,
      confirmButtonText: YES_DELETE,
      cancelButtonText: CANCEL,
    });
    if (!sure) return;
    const { error } = await deleteReview({ _id: review._id, shoeId });
    if (error) {
      errorPopup(refusalMessage(error));
      return;
    }
    setDeleted(true);
    reloadAt(pathname);
  };

  const busy = deleting.isLoading || deleted;
  return (
    <div className="review-actions">
      <button
        type="button"
        className="button button-small"
        disabled={busy}
        onClick={() => onEdit({ _id: review._id, review: review.review, rating: review.rating })}
      >
        {EDIT}
      </button>
      <button type="button" className="button button-small button-quiet" disabled={busy} onClick={remove}>
        {DELETE}
      </button>
    </div>
  );
}

// One review: who (the caller's own says so, anyone else is anonymous), the stars, the day, the text;
// the author's, while edited, as its form (`draft`).
export default function ReviewItem({ review, shoeId, draft, setDraft }) {
  const editing = review.own && draft?._id === review._id;
  return (
    <li className={`review${review.own ? " review-own" : ""}`}>
      <p className="review-head">
        <strong className="review-author">{review.own ? YOU : ANONYMOUS_USER}</strong>
        <Stars rating={review.rating} />
        <time dateTime={review.date}>{review.date.slice(0, 10)}</time>
      </p>
      {editing ? (
        <ReviewForm shoeId={shoeId} draft={draft} setDraft={setDraft} />
      ) : (
        <>
          <p className="review-text">{review.review}</p>
          {review.own && <OwnReviewActions review={review} shoeId={shoeId} onEdit={setDraft} />}
        </>
      )}
    </li>
  );
}
