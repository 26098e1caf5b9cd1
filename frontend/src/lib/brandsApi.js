import { shopApi } from "./shopApi";

// The shop's brands, which more than one feature reads: the header's BRANDS menu and a collection's
// name (the catalogue), and the brands the admin's shoe forms offer.
export const brandsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    brands: build.query({
      query: () => "/brands",
      providesTags: [{ type: "Brand", id: "LIST" }],
    }),
  }),
});

export const { useBrandsQuery } = brandsApi;
