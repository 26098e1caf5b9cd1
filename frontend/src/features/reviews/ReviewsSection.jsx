import { useState } from "react";
import { useSelector } from "react-redux";
import Loading from "../../components/Loading";
import LoadError from "../../components/LoadError";
import Pager from "../../components/Pager";
import { selectUser, useSignInFirst } from "../../lib/session";
import { REVIEWS_PAGE_SIZE, useLazyEligibilityQuery, useShoeReviewsQuery } from "./api";
import {
  ALREADY_REVIEWED,
  ELIGIBILITY_FAILED,
  I_BOUGHT_THEM,
  NO_REVIEWS,
  NOT_A_BUYER,
  REVIEWS_TITLE,
  SIGN_IN_FOR_REVIEWS,
} from "./messages";
import ReviewForm, { NEW_REVIEW } from "./ReviewForm";
import ReviewItem from "./ReviewItem";

// What the shop said to 'I already bought them', when it said no.
function eligibilityMessage({ isError, data }, notBuyer) {
  if (isError) return ELIGIBILITY_FAILED;
  if (notBuyer || (data && !data.bought)) return NOT_A_BUYER;
  return data?.reviewed ? ALREADY_REVIEWED : null;
}

// 'I already bought them' asks the shop whether the caller bought the shoe (an order Received with
// it): a buyer gets the form, anyone else 'You haven't bought these yet', a visitor /signin.
function ReviewWriter({ shoeId, uid, draft, setDraft }) {
  const signInFirst = useSignInFirst();
  const [askShop, eligibility] = useLazyEligibilityQuery();
  // The shop refused the review of a buyer it does not know as one.
  const [notBuyer, setNotBuyer] = useState(false);

  if (draft && !draft._id) {
    const refusedAsBuyer = () => {
      setDraft(null);
      setNotBuyer(true);
    };
    return <ReviewForm shoeId={shoeId} draft={draft} setDraft={setDraft} onNotBuyer={refusedAsBuyer} />;
  }

  const ask = async () => {
    if (!uid) {
      signInFirst(SIGN_IN_FOR_REVIEWS);
      return;
    }
    setNotBuyer(false);
    const { data, error } = await askShop({ shoeId, uid });
    if (error?.status === 401) signInFirst(SIGN_IN_FOR_REVIEWS);
    // A buyer who has not reviewed these yet gets the form.
    else if (data?.bought && !data.reviewed) setDraft((current) => current ?? { ...NEW_REVIEW });
  };

  const message = eligibilityMessage(eligibility, notBuyer);
  return (
    <div className="review-writer">
      <button type="button" className="button" disabled={eligibility.isFetching} onClick={ask}>
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

// The list, a page at a time, and the review being written (`draft`: {review, rating}) or edited
// (with its _id): one at most, kept by the section while it shows this shoe to this caller.
function Reviews({ shoeId, uid }) {
  const [offset, setOffset] = useState(0);
  const [draft, setDraft] = useState(null);
  const { data, isError, isFetching, refetch } = useShoeReviewsQuery({ shoeId, uid, offset });
  const reviews = data?.results ?? [];
  // The caller's own review, among those loaded: a second one is not offered.
  const own = reviews.find((review) => review.own);

  let list;
  if (isError) list = <LoadError what="the reviews" onRetry={refetch} />;
  else if (reviews.length > 0) {
    list = (
      <ul className="review-list" aria-label="Reviews" aria-busy={isFetching}>
        {reviews.map((review) => (
          <ReviewItem key={review._id} review={review} shoeId={shoeId} draft={draft} setDraft={setDraft} />
        ))}
      </ul>
    );
  } else if (data && !isFetching) list = <p className="empty">{NO_REVIEWS}</p>;
  else list = <Loading />;

  return (
    <>
      {list}
      <Pager
        offset={offset}
        step={REVIEWS_PAGE_SIZE}
        count={data?.count ?? 0}
        label="Review pages"
        onChange={setOffset}
      />
      {!own && <ReviewWriter shoeId={shoeId} uid={uid} draft={draft} setDraft={setDraft} />}
    </>
  );
}

// The detail screen's reviews (docs/PRODUCT.md §2 'Reviews section'): the list, a page at a time, and
// the way for a buyer to add one; the author edits or deletes theirs in the list. Another caller (a
// sign-in, a sign-out) starts afresh: the first page, nothing being written.
export default function ReviewsSection({ shoeId }) {
  const uid = useSelector(selectUser)?.idUser ?? null;
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="section-title">
        {REVIEWS_TITLE}
      </h2>
      <Reviews key={uid} shoeId={shoeId} uid={uid} />
    </section>
  );
}
