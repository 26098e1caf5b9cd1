import { StarIcon } from "../../components/icons";
import { RATING, ratingText, reviewCountText } from "./messages";

// A rating as five stars, filled up to it (rounded), read out as 'Rated 4 out of 5'.
export function Stars({ rating }) {
  const filled = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={ratingText(rating)}>
      {Array.from({ length: RATING.max }, (_, index) => (
        <StarIcon key={index} filled={index < filled} size={16} />
      ))}
    </span>
  );
}

// The shoe's average rating and how many reviews it has, by its name on the detail screen; nothing
// until it has a review.
export function RatingSummary({ rating, reviewCount }) {
  if (!reviewCount) return null;
  return (
    <p className="rating-summary">
      <Stars rating={rating} />
      <span className="rating-average">{Number(rating).toFixed(1)}</span>
      <span className="rating-count">{reviewCountText(reviewCount)}</span>
    </p>
  );
}
