import {
  RATING,
  RATING_INVALID,
  REVIEW_LENGTH,
  REVIEW_TOO_LONG,
  REVIEW_TOO_SHORT,
  REVIEW_UPDATE_TOO_SHORT,
} from "./messages";

// The review form's rules (docs/PRODUCT.md §5), as the server checks them: each a message, or null when
// valid.

// At least 5 characters that are not blanks, at most 1000; a new review and an update say it in
// their own words.
export function reviewTextError(text, { update = false } = {}) {
  const length = (text ?? "").trim().length;
  if (length < REVIEW_LENGTH.min) return update ? REVIEW_UPDATE_TOO_SHORT : REVIEW_TOO_SHORT;
  if (length > REVIEW_LENGTH.max) return REVIEW_TOO_LONG;
  return null;
}

export function isRating(rating) {
  return Number.isInteger(rating) && rating >= RATING.min && rating <= RATING.max;
}

// {field: message} for each field in error; empty when the review may be sent.
export function reviewErrors({ review, rating }, { update = false } = {}) {
  const errors = {};
  const text = reviewTextError(review, { update });
  if (text) errors.review = text;
  if (!isRating(rating)) errors.rating = RATING_INVALID;
  return errors;
}
