import { shopApi } from "../../lib/shopApi";

// Releases (docs/PRODUCT.md §10): the list (upcoming and past, with the server's clock), one shoe's, and a
// visitor's reminder. The answers carry serverNow, which the countdowns run on rather than the device's clock.
export const releasesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    releases: build.query({
      query: (shoe) => (shoe ? `/releases?shoe=${encodeURIComponent(shoe)}` : "/releases"),
      // When the answer came, by this device's clock: with serverNow it gives the server's time now.
      transformResponse: (answer) => ({ ...answer, receivedAt: Date.now() }),
    }),
    askReminder: build.mutation({
      query: ({ releaseId, email }) => ({
        url: `/releases/${releaseId}/reminders`,
        method: "POST",
        body: { email: email.trim() },
      }),
    }),
    // The signed-in shopper's entry to a draw ({entry: null} for none), and entering (the same body again after
    // 3-D Secure).
    myEntry: build.query({ query: (releaseId) => `/releases/${releaseId}/entry` }),
    enterDraw: build.mutation({
      query: ({ releaseId, body }) => ({ url: `/releases/${releaseId}/entry`, method: "POST", body }),
      async onQueryStarted({ releaseId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.entry)
          dispatch(releasesApi.util.upsertQueryData("myEntry", releaseId, { entry: data.entry }));
      },
    }),
  }),
});

export const { useReleasesQuery, useAskReminderMutation, useMyEntryQuery, useEnterDrawMutation } =
  releasesApi;
