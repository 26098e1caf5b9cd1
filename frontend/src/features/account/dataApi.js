import { shopApi } from "../../lib/shopApi";

// The shopper's own data (docs/PRODUCT.md §2 "Your data", privacy/views.py): the whole of it as JSON, and the
// account's deletion. Neither is kept in the cache: each download is made afresh.
export const dataApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    downloadMyData: build.mutation({
      query: () => ({ url: "/account/data", method: "GET" }),
    }),
    deleteMyAccount: build.mutation({
      query: ({ password, code, credential }) => ({
        url: "/account/delete",
        method: "POST",
        body: { password, code, credential },
      }),
    }),
  }),
});

export const { useDownloadMyDataMutation, useDeleteMyAccountMutation } = dataApi;
