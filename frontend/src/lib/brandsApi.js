import { shopApi } from "./shopApi";

// The shop's brands, which more than one feature reads: the header's BRANDS menu and a collection's
// name (the catalogue), and the brands the admin's shoe forms offer. Each says whether it has a size
// guide of its own (hasSizeGuide); the guide itself is read apart, by the size chart page, a shoe's
// page and the dashboard (issue 31).
export const brandsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    brands: build.query({
      query: () => "/brands",
      providesTags: [{ type: "Brand", id: "LIST" }],
    }),
    // {_id, name, sizeGuide: [{us, uk, eu, cm}]}; an empty guide: the brand uses the shop's chart.
    brandSizeGuide: build.query({
      query: (id) => `/brands/${encodeURIComponent(id)}/sizeGuide`,
      providesTags: (guide, error, id) => [{ type: "Brand", id: Number(id) }],
    }),
  }),
});

export const { useBrandsQuery, useBrandSizeGuideQuery } = brandsApi;

// The size chart's address for a brand: its own guide when it has one, else the shop's chart.
export function sizeChartPath(brand) {
  return brand?.hasSizeGuide ? `/sizeChart?brand=${brand._id}` : "/sizeChart";
}
