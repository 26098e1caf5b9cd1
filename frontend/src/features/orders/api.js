import { pageQuery, shopApi } from "../../lib/shopApi";

// My Orders on /account: the signed-in user's paid orders, newest first, this many a page.
export const ORDERS_PAGE_SIZE = 4;

export const ordersApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    // The order of /order/{idPayment}: its owner's (or an admin's); any other answers 404. A paid
    // checkout's order is put here (useOpenPaidOrder.js), so its page shows without asking again.
    order: build.query({
      query: (idPayment) => `/cart/order/${encodeURIComponent(idPayment)}`,
      providesTags: (order, error, idPayment) => [{ type: "Order", id: idPayment }],
    }),
    // Returns (issue 31): the buyer's pairs to send back, a reason, and for an exchange the new size.
    askReturn: build.mutation({
      query: ({ idPayment, lines, reason, exchangeSize }) => ({
        url: `/cart/order/${encodeURIComponent(idPayment)}/returns`,
        method: "POST",
        body: exchangeSize ? { lines, reason, exchangeSize } : { lines, reason },
      }),
      invalidatesTags: (result, error, { idPayment }) =>
        error ? [] : [{ type: "Order", id: idPayment }, "Shoe"],
    }),
    userOrders: build.query({
      query: ({ uid, offset }) =>
        `/cart/${encodeURIComponent(uid)}?${pageQuery({ limit: ORDERS_PAGE_SIZE, offset })}`,
      providesTags: [{ type: "Order", id: "LIST" }],
    }),
  }),
});

export const { useOrderQuery, useUserOrdersQuery, useAskReturnMutation } = ordersApi;
