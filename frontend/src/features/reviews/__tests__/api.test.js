import { setupStore } from "../../../app/store";
import { flushPromises, installFakeApi, page, reviewFixture, shoeFixture } from "../../../testing/fakeApi";
import { catalogApi } from "../../catalog/api";
import { reviewsApi } from "../api";

const { shoeReviews, eligibility, postReview, updateReview, deleteReview } = reviewsApi.endpoints;

const NOT_A_BUYER = { detail: "You haven't bought these yet", code: "not_a_buyer" };
const ALREADY = {
  detail: "You already reviewed these shoes; edit your review instead.",
  code: "already_reviewed",
};

const mine = reviewFixture({ _id: 3, review: "Great fit", rating: 4, own: true });
const theirs = reviewFixture({ _id: 2, review: "Runs small", rating: 2 });
const UID = "u".repeat(28);

describe("a shoe's reviews", () => {
  test("asks for a page of 5 at the offset; the caller's own is marked", async () => {
    const calls = installFakeApi({ "GET /reviews/7": page([mine, theirs], 12) });
    const { data } = await setupStore().dispatch(shoeReviews.initiate({ shoeId: 7, uid: UID, offset: 10 }));
    expect(calls.map((call) => call.path)).toEqual(["/reviews/7?limit=5&offset=10"]);
    expect(data.count).toBe(12);
    expect(data.results.find((review) => review.own)).toEqual(mine);
  });

  test("each caller's answer is their own: a visitor's list is not the author's", async () => {
    const calls = installFakeApi({ "GET /reviews/7": page([theirs]) });
    const store = setupStore();
    await store.dispatch(shoeReviews.initiate({ shoeId: 7, uid: null, offset: 0 }));
    await store.dispatch(shoeReviews.initiate({ shoeId: 7, uid: UID, offset: 0 }));
    expect(calls).toHaveLength(2);
  });

  test("an unknown shoe fails with the server's answer", async () => {
    installFakeApi({ "GET /reviews/999": [404, { detail: "Not found.", code: "not_found" }] });
    const result = await setupStore().dispatch(shoeReviews.initiate({ shoeId: 999, uid: null, offset: 0 }));
    expect(result).toMatchObject({ isError: true, error: { status: 404 } });
  });
});

describe("I already bought them", () => {
  test.each([
    ["a buyer who has not reviewed", { bought: true, reviewed: false }],
    ["a non-buyer", { bought: false, reviewed: false }],
    ["a buyer who already reviewed", { bought: true, reviewed: true }],
  ])("%s: the shop's answer as it gives it", async (_, answer) => {
    const calls = installFakeApi({ "GET /reviews/7/eligibility": answer });
    const { data } = await setupStore().dispatch(eligibility.initiate({ shoeId: 7, uid: UID }));
    expect(calls.map((call) => call.path)).toEqual(["/reviews/7/eligibility"]);
    expect(data).toEqual(answer);
  });

  test("a visitor's question is refused with 401", async () => {
    installFakeApi({
      "GET /reviews/7/eligibility": [401, { detail: "Sign in first.", code: "not_authenticated" }],
    });
    const { error } = await setupStore().dispatch(eligibility.initiate({ shoeId: 7, uid: null }));
    expect(error.status).toBe(401);
  });
});

describe("sending, editing and deleting", () => {
  test("a new review sends its text and rating, never a user id", async () => {
    const calls = installFakeApi({ "POST /reviews/7": [201, { ...mine, date: "2026-11-22T10:31:07Z" }] });
    const { error } = await setupStore().dispatch(
      postReview.initiate({ shoeId: 7, review: "Great fit", rating: 4 }),
    );
    expect(error).toBeUndefined();
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: "/reviews/7",
      body: { review: "Great fit", rating: 4 },
    });
  });

  test("a review written asks again for the shoe's reviews and its rating", async () => {
    const calls = installFakeApi({
      "GET /shoes/7": shoeFixture({ _id: 7 }),
      "GET /reviews/7": page([theirs]),
      "POST /reviews/7": [201, mine],
    });
    const store = setupStore();
    await store.dispatch(catalogApi.endpoints.shoe.initiate("7"));
    await store.dispatch(shoeReviews.initiate({ shoeId: 7, uid: UID, offset: 0 }));
    await store.dispatch(postReview.initiate({ shoeId: 7, review: "Great fit", rating: 4 }));
    await flushPromises();
    const asked = calls.map((call) => `${call.method} ${call.path}`);
    expect(asked.slice(0, 3)).toEqual(["GET /shoes/7", "GET /reviews/7?limit=5&offset=0", "POST /reviews/7"]);
    expect(asked.slice(3).sort()).toEqual(["GET /reviews/7?limit=5&offset=0", "GET /shoes/7"]);
  });

  test.each([
    ["too short", 400, { review: ["Review must contain at least 5 characters."] }],
    ["a rating of 6", 400, { rating: ["Rate from 1 to 5 stars."] }],
    ["a second review", 409, ALREADY],
    ["a non-buyer's", 403, NOT_A_BUYER],
  ])("a refusal (%s) carries the server's answer", async (_, status, body) => {
    installFakeApi({ "POST /reviews/7": [status, body] });
    const { error } = await setupStore().dispatch(
      postReview.initiate({ shoeId: 7, review: "Great fit", rating: 4 }),
    );
    expect(error).toMatchObject({ status, body });
  });

  test("an edit sends the text and rating to the review's own address", async () => {
    const calls = installFakeApi({ "PUT /reviews/exact/3": { ...mine, review: "Even better", rating: 5 } });
    const { error } = await setupStore().dispatch(
      updateReview.initiate({ _id: 3, review: "Even better", rating: 5, shoeId: 7 }),
    );
    expect(error).toBeUndefined();
    expect(calls[0]).toMatchObject({ method: "PUT", body: { review: "Even better", rating: 5 } });
  });

  test.each([
    ["too short", 400, { review: ["Review update must contain at least 5 characters."] }],
    ["someone else's", 403, { code: "not_your_review" }],
    ["gone", 404, { detail: "Not found.", code: "not_found" }],
  ])("an edit refused (%s) says why", async (_, status, body) => {
    installFakeApi({ "PUT /reviews/exact/3": [status, body] });
    const { error } = await setupStore().dispatch(
      updateReview.initiate({ _id: 3, review: "Even better", rating: 5, shoeId: 7 }),
    );
    expect(error).toMatchObject({ status });
  });

  test("a delete answered 204 is done", async () => {
    const calls = installFakeApi({ "DELETE /reviews/exact/3": [204] });
    const { error } = await setupStore().dispatch(deleteReview.initiate({ _id: 3, shoeId: 7 }));
    expect(error).toBeUndefined();
    expect(calls[0]).toMatchObject({ method: "DELETE", path: "/reviews/exact/3" });
  });

  test.each([
    [403, { code: "not_your_review" }],
    [404, { detail: "Not found.", code: "not_found" }],
  ])("a delete refused with %d says so", async (status, body) => {
    installFakeApi({ "DELETE /reviews/exact/3": [status, body] });
    const { error } = await setupStore().dispatch(deleteReview.initiate({ _id: 3, shoeId: 7 }));
    expect(error).toMatchObject({ status });
  });
});
