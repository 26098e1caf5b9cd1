import { setupStore } from "../../../app/store";
import { installFakeApi, page, reviewFixture } from "../../../testing/fakeApi";
import {
  checkEligibility,
  deleteReview,
  fetchShoeReviews,
  NEW_REVIEW,
  postReview,
  reviewChanged,
  reviewClosed,
  reviewEditStarted,
  reviewsReset,
  selectOwnReview,
  shoeReviewsPageChanged,
  updateReview,
} from "../reviewsSlice";

const NOT_A_BUYER = { detail: "You haven't bought these yet", code: "not_a_buyer" };
const ALREADY = {
  detail: "You already reviewed these shoes; edit your review instead.",
  code: "already_reviewed",
};

const mine = reviewFixture({ _id: 3, review: "Great fit", rating: 4, own: true });
const theirs = reviewFixture({ _id: 2, review: "Runs small", rating: 2 });

async function storeWithReviews(reviews = [mine, theirs], count = reviews.length) {
  installFakeApi({ "GET /reviews/7": page(reviews, count) });
  const store = setupStore();
  await store.dispatch(fetchShoeReviews({ shoeId: 7, offset: 0 }));
  return store;
}

describe("shoeReviews: the shown shoe's reviews", () => {
  test("replaces the list with each load", async () => {
    const store = await storeWithReviews();
    expect(store.getState().shoeReviews.shoeReviews).toEqual([mine, theirs]);

    installFakeApi({ "GET /reviews/7": page([theirs], 6) });
    store.dispatch(shoeReviewsPageChanged(5));
    await store.dispatch(fetchShoeReviews({ shoeId: 7, offset: 5 }));
    expect(store.getState().shoeReviews).toMatchObject({ shoeReviews: [theirs], count: 6, offset: 5 });
  });

  test("asks for a page of 5 at the offset", async () => {
    const calls = installFakeApi({ "GET /reviews/7": page([]) });
    await setupStore().dispatch(fetchShoeReviews({ shoeId: 7, offset: 10 }));
    expect(calls.map((call) => call.path)).toEqual(["/reviews/7?limit=5&offset=10"]);
  });

  test("the own review is the caller's among those loaded, replaced with each load", async () => {
    const store = await storeWithReviews();
    expect(selectOwnReview(store.getState())).toEqual(mine);
    installFakeApi({ "GET /reviews/7": page([theirs]) });
    await store.dispatch(fetchShoeReviews({ shoeId: 7, offset: 0 }));
    expect(selectOwnReview(store.getState())).toBeNull();
  });

  test("an unknown shoe fails with the server's answer", async () => {
    installFakeApi({ "GET /reviews/999": [404, { detail: "Not found.", code: "not_found" }] });
    const store = setupStore();
    await store.dispatch(fetchShoeReviews({ shoeId: 999, offset: 0 }));
    expect(store.getState().shoeReviews).toMatchObject({ status: "failed", error: { status: 404 } });
  });
});

describe("review: the one being written or edited", () => {
  test("a partial update merges into the review", () => {
    const store = setupStore();
    store.dispatch(reviewChanged({ ...NEW_REVIEW }));
    store.dispatch(reviewChanged({ review: "Great fit" }));
    store.dispatch(reviewChanged({ rating: 5 }));
    expect(store.getState().review.current).toEqual({ review: "Great fit", rating: 5 });
  });

  test("editing replaces the current review with the author's, which then merges updates", () => {
    const store = setupStore();
    store.dispatch(reviewChanged({ review: "Half written" }));
    store.dispatch(reviewEditStarted(mine));
    expect(store.getState().review.current).toEqual({ _id: 3, review: "Great fit", rating: 4 });
    store.dispatch(reviewChanged({ rating: 5 }));
    expect(store.getState().review.current).toEqual({ _id: 3, review: "Great fit", rating: 5 });
    store.dispatch(reviewClosed());
    expect(store.getState().review.current).toBeNull();
  });

  test("reset clears the review and the shoe reviews", async () => {
    const store = await storeWithReviews();
    store.dispatch(reviewEditStarted(mine));
    store.dispatch(shoeReviewsPageChanged(5));
    store.dispatch(reviewsReset());
    expect(store.getState().review).toEqual(setupStore().getState().review);
    expect(store.getState().shoeReviews).toEqual(setupStore().getState().shoeReviews);
  });
});

describe("I already bought them", () => {
  test.each([
    [
      "a buyer who has not reviewed gets a new review: no text, 1 star",
      { bought: true, reviewed: false },
      NEW_REVIEW,
    ],
    ["a non-buyer gets no form", { bought: false, reviewed: false }, null],
    ["a buyer who already reviewed gets no second form", { bought: true, reviewed: true }, null],
  ])("%s", async (_, answer, current) => {
    const calls = installFakeApi({ "GET /reviews/7/eligibility": answer });
    const store = setupStore();
    await store.dispatch(checkEligibility(7));
    expect(calls.map((call) => call.path)).toEqual(["/reviews/7/eligibility"]);
    expect(store.getState().review.eligibility).toMatchObject({ ...answer, status: "succeeded" });
    expect(store.getState().review.current).toEqual(current);
  });

  test("a visitor's question is refused with 401", async () => {
    installFakeApi({
      "GET /reviews/7/eligibility": [401, { detail: "Sign in first.", code: "not_authenticated" }],
    });
    const store = setupStore();
    const result = await store.dispatch(checkEligibility(7));
    expect(result.payload.status).toBe(401);
    expect(store.getState().review.eligibility.status).toBe("failed");
  });
});

describe("sending, editing and deleting", () => {
  test("a new review sends its text and rating, never a user id", async () => {
    const calls = installFakeApi({ "POST /reviews/7": [201, { ...mine, date: "2026-11-22T10:31:07Z" }] });
    const store = setupStore();
    store.dispatch(reviewChanged({ review: "Great fit", rating: 4 }));
    const sending = store.dispatch(postReview({ shoeId: 7, review: "Great fit", rating: 4 }));
    expect(store.getState().review.saving.status).toBe("saving");
    await sending;
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/reviews/7",
      body: { review: "Great fit", rating: 4 },
    });
    expect(store.getState().review.saving.status).toBe("saved");
  });

  test.each([
    ["too short", 400, { review: ["Review must contain at least 5 characters."] }],
    ["a rating of 6", 400, { rating: ["Rate from 1 to 5 stars."] }],
    ["a second review", 409, ALREADY],
  ])("a refusal (%s) keeps the form with the server's answer", async (_, status, body) => {
    installFakeApi({ "POST /reviews/7": [status, body] });
    const store = setupStore();
    store.dispatch(reviewChanged({ review: "Great fit", rating: 4 }));
    await store.dispatch(postReview({ shoeId: 7, review: "Great fit", rating: 4 }));
    expect(store.getState().review.saving).toMatchObject({ status: "failed", error: { status, body } });
    expect(store.getState().review.current).toEqual({ review: "Great fit", rating: 4 });
  });

  test("a non-buyer's review is refused: the form goes and 'You haven't bought these yet' is the answer", async () => {
    installFakeApi({ "POST /reviews/7": [403, NOT_A_BUYER] });
    const store = setupStore();
    store.dispatch(reviewChanged({ review: "Great fit", rating: 4 }));
    await store.dispatch(postReview({ shoeId: 7, review: "Great fit", rating: 4 }));
    expect(store.getState().review.current).toBeNull();
    expect(store.getState().review.eligibility).toMatchObject({ status: "succeeded", bought: false });
  });

  test("an edit sends the text and rating to the review's own address", async () => {
    const calls = installFakeApi({ "PUT /reviews/exact/3": { ...mine, review: "Even better", rating: 5 } });
    const store = setupStore();
    await store.dispatch(updateReview({ _id: 3, review: "Even better", rating: 5, shoeId: 7 }));
    expect(calls[0]).toMatchObject({ method: "PUT", body: { review: "Even better", rating: 5 } });
    expect(store.getState().review.saving.status).toBe("saved");
  });

  test.each([
    ["too short", 400, { review: ["Review update must contain at least 5 characters."] }],
    ["someone else's", 403, { code: "not_your_review" }],
    ["gone", 404, { detail: "Not found.", code: "not_found" }],
  ])("an edit refused (%s) says why", async (_, status, body) => {
    installFakeApi({ "PUT /reviews/exact/3": [status, body] });
    const store = setupStore();
    await store.dispatch(updateReview({ _id: 3, review: "Even better", rating: 5 }));
    expect(store.getState().review.saving).toMatchObject({ status: "failed", error: { status } });
  });

  test("a delete answered 204 is done", async () => {
    const calls = installFakeApi({ "DELETE /reviews/exact/3": [204] });
    const store = setupStore();
    const result = await store.dispatch(deleteReview(3));
    expect(deleteReview.fulfilled.match(result)).toBe(true);
    expect(calls[0]).toMatchObject({ method: "DELETE", path: "/reviews/exact/3" });
    expect(store.getState().review.saving.status).toBe("saved");
  });

  test.each([
    [403, { code: "not_your_review" }],
    [404, { detail: "Not found.", code: "not_found" }],
  ])("a delete refused with %d says so", async (status, body) => {
    installFakeApi({ "DELETE /reviews/exact/3": [status, body] });
    const store = setupStore();
    const result = await store.dispatch(deleteReview(3));
    expect(result.payload).toMatchObject({ status });
    expect(store.getState().review.saving.status).toBe("failed");
  });
});
