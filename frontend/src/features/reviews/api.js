import { pageQuery, shopApi } from "../../lib/shopApi";

// Reviews a page: a shoe with many keeps its page short.
export const REVIEWS_PAGE_SIZE = 5;

const reviewsPath = (shoeId) => `/reviews/${encodeURIComponent(shoeId)}`;
const exactPath = (id) => `/reviews/exact/${encodeURIComponent(id)}`;

const reviewTags = (answer, error, { shoeId }) => [{ type: "Review", id: shoeId }];

// A review changes the shoe's reviews and its rating (the average and count by its name).
const reviewWriteTags = (answer, error, { shoeId }) =>
  error
    ? []
    : [
        { type: "Review", id: shoeId },
        { type: "Shoe", id: shoeId },
      ];

// The reviews of a shoe (docs/PRODUCT.md §2 'Reviews section'). The server takes the author from the
// credential, never from the body, and marks the caller's own review `own`: the caller (`uid`) is
// part of the question, so another caller's answer is never shown as theirs.
export const reviewsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    // Newest first; nobody else's says whose it is.
    shoeReviews: build.query({
      query: ({ shoeId, offset }) =>
        `${reviewsPath(shoeId)}?${pageQuery({ limit: REVIEWS_PAGE_SIZE, offset })}`,
      providesTags: reviewTags,
    }),
    // 'I already bought them': {bought, reviewed}.
    eligibility: build.query({
      query: ({ shoeId }) => `${reviewsPath(shoeId)}/eligibility`,
      providesTags: reviewTags,
    }),
    postReview: build.mutation({
      query: ({ shoeId, review, rating }) => ({
        url: reviewsPath(shoeId),
        method: "POST",
        body: { review, rating },
      }),
      invalidatesTags: reviewWriteTags,
    }),
    updateReview: build.mutation({
      query: ({ _id, review, rating }) => ({ url: exactPath(_id), method: "PUT", body: { review, rating } }),
      invalidatesTags: reviewWriteTags,
    }),
    deleteReview: build.mutation({
      query: ({ _id }) => ({ url: exactPath(_id), method: "DELETE" }),
      invalidatesTags: reviewWriteTags,
    }),
  }),
});

export const {
  useShoeReviewsQuery,
  useLazyEligibilityQuery,
  usePostReviewMutation,
  useUpdateReviewMutation,
  useDeleteReviewMutation,
} = reviewsApi;
