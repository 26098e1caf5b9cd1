import {
  RATING_INVALID,
  refusalMessage,
  REVIEW_FAILED,
  REVIEW_TOO_LONG,
  REVIEW_TOO_SHORT,
  REVIEW_UPDATE_TOO_SHORT,
} from "../messages";
import { isRating, reviewErrors, reviewTextError } from "../validators";

describe("review text", () => {
  test("the spec's messages, to the letter", () => {
    expect(REVIEW_TOO_SHORT).toBe("Review must contain at least 5 characters.");
    expect(REVIEW_UPDATE_TOO_SHORT).toBe("Review update must contain at least 5 characters.");
  });

  test.each(["Great", "Great fit", "  Comfy  ", "x".repeat(1000)])("%j is taken", (text) => {
    expect(reviewTextError(text)).toBeNull();
    expect(reviewTextError(text, { update: true })).toBeNull();
  });

  test.each(["", "Good", "    ", "  ab  ", undefined])("%j is too short for a new review", (text) => {
    expect(reviewTextError(text)).toBe(REVIEW_TOO_SHORT);
  });

  test("an update too short says so in its own words", () => {
    expect(reviewTextError("Meh", { update: true })).toBe(REVIEW_UPDATE_TOO_SHORT);
  });

  test("more than the shop keeps is refused", () => {
    expect(reviewTextError("x".repeat(1001))).toBe(REVIEW_TOO_LONG);
  });
});

describe("rating", () => {
  test.each([1, 2, 3, 4, 5])("%d stars is a rating", (rating) => expect(isRating(rating)).toBe(true));
  test.each([0, 6, 2.5, "3", null, undefined])("%j is not", (rating) => expect(isRating(rating)).toBe(false));
});

describe("the whole review", () => {
  test("a good one has no errors", () => {
    expect(reviewErrors({ review: "Great fit", rating: 1 })).toEqual({});
  });

  test("each field says what is wrong", () => {
    expect(reviewErrors({ review: "Bad", rating: 0 })).toEqual({
      review: REVIEW_TOO_SHORT,
      rating: RATING_INVALID,
    });
    expect(reviewErrors({ review: "Bad", rating: 6 }, { update: true })).toEqual({
      review: REVIEW_UPDATE_TOO_SHORT,
      rating: RATING_INVALID,
    });
  });
});

describe("the shop's refusals as the shopper reads them", () => {
  test.each([
    [
      { status: 403, code: "not_a_buyer", body: { detail: "You haven't bought these yet" } },
      "You haven't bought these yet",
    ],
    [
      { status: 403, code: "not_your_review", body: { code: "not_your_review" } },
      "Only its author can change a review.",
    ],
    [
      {
        status: 409,
        code: "already_reviewed",
        body: { detail: "You already reviewed these shoes; edit your review instead." },
      },
      "You already reviewed these shoes; edit your review instead.",
    ],
    [
      { status: 400, fields: { review: ["Review must contain at least 5 characters."] } },
      "Review must contain at least 5 characters.",
    ],
    [{ status: 400, fields: { rating: ["Rate from 1 to 5 stars."] } }, "Rate from 1 to 5 stars."],
    [{ status: 404, body: { detail: "Not found.", code: "not_found" } }, "Not found."],
    [{ status: 503, body: { detail: "Busy" } }, REVIEW_FAILED],
    [{ status: 0, message: "Failed to fetch" }, REVIEW_FAILED],
    [undefined, REVIEW_FAILED],
  ])("%j -> %j", (refusal, message) => {
    expect(refusalMessage(refusal)).toBe(message);
  });
});
