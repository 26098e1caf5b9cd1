import { StarIcon } from "../../components/icons";
import { RATING, starsLabel, YOUR_RATING } from "./messages";

// Five star buttons; the pressed one is the rating, the stars up to it are filled.
export default function RatingPicker({ value, onChange, disabled }) {
  return (
    <div className="rating-picker" role="group" aria-label={YOUR_RATING}>
      <span className="rating-picker-label" aria-hidden="true">
        {YOUR_RATING}
      </span>
      {Array.from({ length: RATING.max }, (_, index) => {
        const rating = index + RATING.min;
        return (
          <button
            key={rating}
            type="button"
            className="icon-button star-button"
            aria-label={starsLabel(rating)}
            aria-pressed={rating === value}
            disabled={disabled}
            onClick={() => onChange(rating)}
          >
            <StarIcon filled={rating <= value} />
          </button>
        );
      })}
    </div>
  );
}
