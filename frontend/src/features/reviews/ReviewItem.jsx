import { useDispatch, useSelector } from "react-redux";
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
import ReviewForm from "./ReviewForm";
import { deleteReview, reviewEditStarted, selectReview } from "./reviewsSlice";
import { Stars } from "./Stars";

// The author's Edit and Delete; after a delete the page reloads (SPEC.md §2).
function OwnReviewActions({ review }) {
  const dispatch = useDispatch();
  const { pathname } = useLocation();
  const { saving } = useSelector(selectReview);

  const remove = async () => {
    const sure = await confirmPopup({
      icon: "warning",
      title: ARE_YOU_SURE,
      text: NO_REVERT,
      confirmButtonText: YES_DELETE,
      cancelButtonText: CANCEL,
    });
    if (!sure) return;
    const result = await dispatch(deleteReview(review._id));
    if (deleteReview.fulfilled.match(result)) reloadAt(pathname);
    else errorPopup(refusalMessage(result.payload));
  };

  const busy = saving.status === "saving" || saving.status === "saved";
  return (
    <div className="review-actions">
      <button
        type="button"
        className="button button-small"
        disabled={busy}
        onClick={() => dispatch(reviewEditStarted(review))}
      >
        {EDIT}
      </button>
      <button type="button" className="button button-small button-quiet" disabled={busy} onClick={remove}>
        {DELETE}
      </button>
    </div>
  );
}

// One review: who (the caller's own says so, anyone else is anonymous), the stars, the day, the text.
export default function ReviewItem({ review, shoeId }) {
  const { current } = useSelector(selectReview);
  const editing = review.own && current?._id === review._id;
  return (
    <li className={`review${review.own ? " review-own" : ""}`}>
      <p className="review-head">
        <strong className="review-author">{review.own ? YOU : ANONYMOUS_USER}</strong>
        <Stars rating={review.rating} />
        <time dateTime={review.date}>{review.date.slice(0, 10)}</time>
      </p>
      {editing ? (
        <ReviewForm shoeId={shoeId} />
      ) : (
        <>
          <p className="review-text">{review.review}</p>
          {review.own && <OwnReviewActions review={review} />}
        </>
      )}
    </li>
  );
}
