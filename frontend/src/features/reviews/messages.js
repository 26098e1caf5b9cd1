// The reviews section's texts (docs/PRODUCT.md §2 'Reviews section', §5, §8).

export const REVIEWS_TITLE = "REVIEWS";
export const NO_REVIEWS = "No reviews yet.";
export const ANONYMOUS_USER = "ANONYMOUS USER";
export const YOU = "YOU";

export const I_BOUGHT_THEM = "I already bought them";
export const NOT_A_BUYER = "You haven't bought these yet";
export const ALREADY_REVIEWED = "You already reviewed these shoes; edit your review instead.";
export const SIGN_IN_FOR_REVIEWS = "Sign in to review the shoes you bought.";

export const REVIEW_TOO_SHORT = "Review must contain at least 5 characters.";
export const REVIEW_UPDATE_TOO_SHORT = "Review update must contain at least 5 characters.";
export const REVIEW_TOO_LONG = "A review can have at most 1000 characters.";
export const RATING_INVALID = "Rate from 1 to 5 stars.";
export const REVIEW_LENGTH = Object.freeze({ min: 5, max: 1000 });
export const RATING = Object.freeze({ min: 1, max: 5, default: 1 });

export const YOUR_REVIEW = "Your review";
export const YOUR_RATING = "Your rating";
export const SEND_REVIEW = "Send review";
export const SAVE_REVIEW = "Save changes";
export const EDIT = "Edit";
export const DELETE = "Delete";
export const CANCEL = "Cancel";

// Deleting asks first, in the shop's words for what cannot be undone (docs/PRODUCT.md §4).
export const ARE_YOU_SURE = "Are you sure?";
export const NO_REVERT = "You won't be able to revert this!";
export const YES_DELETE = "Yes, delete it";

export const REVIEW_FAILED = "Your review could not be saved. Please try again.";
export const NOT_YOUR_REVIEW = "Only its author can change a review.";
export const ELIGIBILITY_FAILED = "We could not check your orders just now. Please try again.";

export const starsLabel = (rating) => `${rating} ${rating === 1 ? "star" : "stars"}`;
export const ratingText = (rating) => `Rated ${rating} out of 5`;
export const reviewCountText = (count) => `${count} ${count === 1 ? "review" : "reviews"}`;

// What the shopper is told when the shop refused a review (the contract's codes and field errors).
export function refusalMessage(refusal) {
  if (refusal?.code === "not_a_buyer") return NOT_A_BUYER;
  if (refusal?.code === "not_your_review") return NOT_YOUR_REVIEW;
  const field = refusal?.fields?.review?.[0] ?? refusal?.fields?.rating?.[0];
  if (field) return field;
  return refusal?.status >= 400 && refusal.status < 500 && refusal.body?.detail
    ? refusal.body.detail
    : REVIEW_FAILED;
}
