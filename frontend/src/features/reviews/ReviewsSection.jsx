import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import Loading from "../../components/Loading";
import LoadError from "../../components/LoadError";
import Pager from "../../components/Pager";
import { selectUser } from "../account/accountSlice";
import { useSignInFirst } from "../account/guards";
import {
  ALREADY_REVIEWED,
  ELIGIBILITY_FAILED,
  I_BOUGHT_THEM,
  NO_REVIEWS,
  NOT_A_BUYER,
  REVIEWS_TITLE,
  SIGN_IN_FOR_REVIEWS,
} from "./messages";
import ReviewForm from "./ReviewForm";
import ReviewItem from "./ReviewItem";
import {
  checkEligibility,
  fetchShoeReviews,
  REVIEWS_PAGE_SIZE,
  reviewsReset,
  selectOwnReview,
  selectReview,
  selectShoeReviews,
  shoeReviewsPageChanged,
} from "./reviewsSlice";

// What the shop said to 'I already bought them', when it said no.
function eligibilityMessage({ status, bought, reviewed }) {
  if (status === "failed") return ELIGIBILITY_FAILED;
  if (status !== "succeeded") return null;
  if (!bought) return NOT_A_BUYER;
  return reviewed ? ALREADY_REVIEWED : null;
}

// 'I already bought them' asks the shop whether the caller bought the shoe (an order Received with
// it): a buyer gets the form, anyone else 'You haven't bought these yet', a visitor /signin.
function ReviewWriter({ shoeId, uid }) {
  const dispatch = useDispatch();
  const signInFirst = useSignInFirst();
  const { current, eligibility } = useSelector(selectReview);

  if (current && !current._id) return <ReviewForm shoeId={shoeId} />;

  const ask = async () => {
    if (!uid) {
      signInFirst(SIGN_IN_FOR_REVIEWS);
      return;
    }
    const result = await dispatch(checkEligibility(shoeId));
    if (result.payload?.status === 401) signInFirst(SIGN_IN_FOR_REVIEWS);
  };

  const message = eligibilityMessage(eligibility);
  return (
    <div className="review-writer">
      <button type="button" className="button" disabled={eligibility.status === "loading"} onClick={ask}>
        {I_BOUGHT_THEM}
      </button>
      {message && (
        <p className="form-note" role="status">
          {message}
        </p>
      )}
    </div>
  );
}

function ReviewList({ shoeId, uid }) {
  const dispatch = useDispatch();
  const { shoeReviews: reviews, count, offset, status } = useSelector(selectShoeReviews);

  useEffect(() => {
    const request = dispatch(fetchShoeReviews({ shoeId, offset }));
    return () => request.abort();
    // Asked again for another caller: `own` marks the caller's review.
  }, [dispatch, shoeId, offset, uid]);

  const retry = () => dispatch(fetchShoeReviews({ shoeId, offset }));
  let list;
  if (status === "failed") list = <LoadError what="the reviews" onRetry={retry} />;
  else if (reviews.length > 0) {
    list = (
      <ul className="review-list" aria-label="Reviews" aria-busy={status === "loading"}>
        {reviews.map((review) => (
          <ReviewItem key={review._id} review={review} shoeId={shoeId} />
        ))}
      </ul>
    );
  } else if (status === "succeeded") list = <p className="empty">{NO_REVIEWS}</p>;
  else list = <Loading />;

  return (
    <>
      {list}
      <Pager
        offset={offset}
        step={REVIEWS_PAGE_SIZE}
        count={count}
        label="Review pages"
        onChange={(newOffset) => dispatch(shoeReviewsPageChanged(newOffset))}
      />
    </>
  );
}

// The detail screen's reviews (SPEC.md §2 'Reviews section'): the list, a page at a time, and the
// way for a buyer to add one; the author edits or deletes theirs in the list.
export default function ReviewsSection({ shoeId }) {
  const dispatch = useDispatch();
  const uid = useSelector(selectUser)?.idUser ?? null;
  const own = useSelector(selectOwnReview);

  // Leaving the shoe, or another caller: the review and the shoe's reviews are cleared.
  useEffect(() => () => dispatch(reviewsReset()), [dispatch, shoeId, uid]);

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="section-title">
        {REVIEWS_TITLE}
      </h2>
      <ReviewList shoeId={shoeId} uid={uid} />
      {!own && <ReviewWriter shoeId={shoeId} uid={uid} />}
    </section>
  );
}
