import { shopApi } from "../../lib/shopApi";

const BOOK = [{ type: "Address", id: "LIST" }];

// The signed-in shopper's address book (/api/account/addresses): at most ten addresses, the default first. Every
// write can move the default, so each asks for the whole (short) book again.
export const addressesApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    savedAddresses: build.query({ query: () => "/account/addresses", providesTags: BOOK }),
    // {name, state, city, line1, postalCode, isDefault?}: the payment form's fields and rules.
    addressCreate: build.mutation({
      query: (fields) => ({ url: "/account/addresses", method: "POST", body: fields }),
      invalidatesTags: BOOK,
    }),
    // PATCH: the fields sent; isDefault: true makes it the default.
    addressUpdate: build.mutation({
      query: ({ _id, ...fields }) => ({ url: `/account/addresses/${_id}`, method: "PATCH", body: fields }),
      invalidatesTags: BOOK,
    }),
    addressDelete: build.mutation({
      query: (id) => ({ url: `/account/addresses/${id}`, method: "DELETE" }),
      invalidatesTags: BOOK,
    }),
    addressMakeDefault: build.mutation({
      query: (id) => ({ url: `/account/addresses/${id}/default`, method: "POST" }),
      invalidatesTags: BOOK,
    }),
  }),
});

export const {
  useSavedAddressesQuery,
  useAddressCreateMutation,
  useAddressUpdateMutation,
  useAddressDeleteMutation,
  useAddressMakeDefaultMutation,
} = addressesApi;
