import { createSelector, createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";
import { addPageCases, pageChanged, pagedListState } from "../../lib/pagedList";
import { RATING } from "./messages";

// The reviews of the detail screen's shoe (SPEC.md §2 'Reviews section', §4 'Store loading
// behaviour'): `shoeReviews`, the list a page at a time, and `review`, the caller's side of it: the
// review being written or edited, and whether they may write one.

// Reviews a page: a shoe with many keeps its page short.
export const REVIEWS_PAGE_SIZE = 5;

const reviewsPath = (shoeId) => `/reviews/${encodeURIComponent(shoeId)}`;
const exactPath = (id) => `/reviews/exact/${encodeURIComponent(id)}`;

// Newest first; the caller's own is marked `own`, nobody else's says whose it is.
export const fetchShoeReviews = apiThunk("shoeReviews/pageRequested", ({ shoeId, offset }, options) => {
  const query = new URLSearchParams({ limit: REVIEWS_PAGE_SIZE, offset });
  return api.get(`${reviewsPath(shoeId)}?${query}`, options);
});

// 'I already bought them': {bought, reviewed}.
export const checkEligibility = apiThunk("review/eligibilityRequested", (shoeId, options) =>
  api.get(`${reviewsPath(shoeId)}/eligibility`, options),
);

// The server takes the author from the credential, never from the body.
export const postReview = apiThunk("review/posted", ({ shoeId, review, rating }, options) =>
  api.post(reviewsPath(shoeId), { review, rating }, options),
);

export const updateReview = apiThunk("review/updated", ({ _id, review, rating }, options) =>
  api.put(exactPath(_id), { review, rating }, options),
);

export const deleteReview = apiThunk("review/deleted", (id, options) =>
  api.delete(exactPath(id), undefined, options),
);

// The review a buyer starts from: no text, the lowest rating (SPEC.md §5).
export const NEW_REVIEW = Object.freeze({ review: "", rating: RATING.default });

const eligibilityState = { bought: null, reviewed: null, status: "idle", requestId: null, error: null };

const reviewState = {
  // The review being written ({review, rating}) or edited (with its _id); null when no form is open.
  current: null,
  eligibility: eligibilityState,
  // Sending the current review, or deleting one: "idle", "saving", "saved" (the page reloads), "failed".
  saving: { status: "idle", error: null },
};

const savingStarted = (state) => {
  state.saving = { status: "saving", error: null };
};
const saved = (state) => {
  state.saving = { status: "saved", error: null };
};
const savingFailed = (state, action) => {
  state.saving = { status: "failed", error: action.payload ?? { status: 0, message: action.error.message } };
};

const reviewSlice = createSlice({
  name: "review",
  initialState: reviewState,
  reducers: {
    // A partial update (the text, the rating) merges into the review being written.
    reviewChanged: (state, action) => {
      state.current = { ...state.current, ...action.payload };
      if (state.saving.status === "failed") state.saving = reviewState.saving;
    },
    // The author's own review, to edit: it replaces whatever was being written.
    reviewEditStarted: (state, action) => {
      const { _id, review, rating } = action.payload;
      state.current = { _id, review, rating };
      state.saving = reviewState.saving;
    },
    reviewClosed: (state) => {
      state.current = null;
      state.saving = reviewState.saving;
    },
    // Leaving the shoe: the review and the shoe's reviews are cleared (see shoeReviews too).
    reviewsReset: () => reviewState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(checkEligibility.pending, (state, action) => {
        state.eligibility = { ...eligibilityState };
        requestStarted(state.eligibility, action);
      })
      .addCase(checkEligibility.fulfilled, (state, action) => {
        if (!isLatest(state.eligibility, action)) return;
        requestSucceeded(state.eligibility);
        const { bought, reviewed } = action.payload;
        Object.assign(state.eligibility, { bought, reviewed });
        // A buyer who has not reviewed these yet gets the form.
        if (bought && !reviewed && !state.current) state.current = { ...NEW_REVIEW };
      })
      .addCase(checkEligibility.rejected, (state, action) => requestFailed(state.eligibility, action));

    for (const thunk of [postReview, updateReview, deleteReview]) {
      builder
        .addCase(thunk.pending, savingStarted)
        .addCase(thunk.fulfilled, saved)
        .addCase(thunk.rejected, savingFailed);
    }
    // The shop says this caller bought none: the form goes, the message shows.
    builder.addMatcher(
      (action) => action.type === postReview.rejected.type && action.payload?.code === "not_a_buyer",
      (state) => {
        state.current = null;
        state.eligibility = { ...eligibilityState, bought: false, reviewed: false, status: "succeeded" };
      },
    );
  },
});

const shoeReviewsSlice = createSlice({
  name: "shoeReviews",
  initialState: pagedListState("shoeReviews"),
  reducers: { pageChanged },
  extraReducers: (builder) => {
    addPageCases(builder, fetchShoeReviews, "shoeReviews");
    builder.addCase(reviewSlice.actions.reviewsReset, () => shoeReviewsSlice.getInitialState());
  },
});

export const { reviewChanged, reviewEditStarted, reviewClosed, reviewsReset } = reviewSlice.actions;
export const { pageChanged: shoeReviewsPageChanged } = shoeReviewsSlice.actions;

export const selectReview = (state) => state.review;
export const selectShoeReviews = (state) => state.shoeReviews;

// The caller's own review among those loaded: it is replaced with each load of the list.
export const selectOwnReview = createSelector(
  [(state) => state.shoeReviews.shoeReviews],
  (reviews) => reviews.find((review) => review.own) ?? null,
);

export const review = reviewSlice.reducer;
export const shoeReviews = shoeReviewsSlice.reducer;
