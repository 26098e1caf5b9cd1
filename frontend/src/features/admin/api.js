import { pageQuery, pageTags, shopApi } from "../../lib/shopApi";
import { clean } from "./forms/validators";

// The dashboard's tables, a page each (docs/PRODUCT.md §2 'Admin dashboard'): never the whole table. A
// page is asked as {limit, offset}.
export const PAGE_SIZE = Object.freeze({
  users: 4,
  clients: 4,
  products: 5,
  archived: 5,
  brands: 4,
  activity: 20,
});

// A multipart body of the fields that have a value; text as it was checked (clean), a file as it is.
export function toFormData(fields) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    body.append(name, typeof value === "string" ? clean(value) : value);
  }
  return body;
}

// salePrice empty clears it; left out (undefined), the shoe keeps its own.
const shoeFields = ({ brand, name, description, color, price, salePrice }) => ({
  brand,
  name,
  description,
  color,
  price,
  salePrice,
});

const ifDone = (tags) => (answer, error, arg) => (error ? [] : tags(arg));

const SHOE_LISTS = [
  { type: "Shoe", id: "LIST" },
  { type: "Shoe", id: "ARCHIVED" },
];

// A refund or a cancel: the order (its page and the lists), the figures, and every shoe's stock (its
// pairs went back).
const afterRefund = ({ idPayment }) => [
  { type: "Order", id: idPayment },
  { type: "Order", id: "LIST" },
  "Stats",
  "Shoe",
];

// The admin's calls (docs/PRODUCT.md §7). Every write names what it changed, so each table, the
// storefront's lists and the header's BRANDS menu show the server's word after it.
export const adminApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    // The tiles and chart: {pairs, orders, sales (cents), salesByDay: [{date, amount (cents), orders}]
    // for the last 30 days}, computed by the database in one call.
    stats: build.query({ query: () => "/admin/stats", providesTags: ["Stats"] }),
    // The sold-out sizes the most shoppers asked to be told about (issue 19): [{shoeId, name, brand,
    // size, waiting}], most first, 10 at most. A new size of a shoe may answer some of them.
    mostWantedSizes: build.query({
      query: () => "/admin/mostWantedSizes",
      providesTags: [{ type: "Shoe", id: "LIST" }],
    }),

    // Users, newest first. The server refuses the admin's own account and staff accounts (409) and the
    // shop's owners (403), with its reason.
    usersPage: build.query({
      query: ({ limit = PAGE_SIZE.users, offset }) => `/users?${pageQuery({ limit, offset })}`,
      providesTags: (page) => pageTags("User", page),
    }),
    // {status} (Enabled, Disabled) or {manager}.
    changeUser: build.mutation({
      query: ({ id, ...change }) => ({ url: `/users/${id}`, method: "PUT", body: change }),
      invalidatesTags: ifDone(({ id }) => [{ type: "User", id }]),
    }),

    // The activity log, newest first (read only), narrowed by {actor, kind, record} when they are set.
    activityPage: build.query({
      query: ({ limit = PAGE_SIZE.activity, offset, ...filters }) =>
        `/activity?${pageQuery({ limit, offset, ...filters })}`,
    }),

    // The paid orders, newest first, each with its client; an admin moves one between Pending and Received.
    clientsPage: build.query({
      query: ({ limit = PAGE_SIZE.clients, offset }) => `/cart?${pageQuery({ limit, offset })}`,
      providesTags: (page) => pageTags("Order", page, (order) => order.idPayment),
    }),
    setOrderStatus: build.mutation({
      query: ({ idPayment, status }) => ({
        url: `/cart/order/${encodeURIComponent(idPayment)}`,
        method: "PUT",
        body: { status },
      }),
      invalidatesTags: ifDone(({ idPayment }) => [
        { type: "Order", id: idPayment },
        { type: "Order", id: "LIST" },
      ]),
    }),

    // One order as the server has it now, for /orders: its refunds show as soon as they are made.
    adminOrder: build.query({
      query: (idPayment) => `/cart/order/${encodeURIComponent(idPayment)}`,
      providesTags: (order, error, idPayment) => [{ type: "Order", id: idPayment }],
    }),
    // A refund of the pairs chosen ({line, quantity} each; none: every pair left), or the whole order
    // cancelled: the money goes back through the card service and the pairs back in stock, so the
    // order, the figures and the stock of the shoes change.
    refundOrder: build.mutation({
      query: ({ idPayment, lines }) => ({
        url: `/cart/order/${encodeURIComponent(idPayment)}/refund`,
        method: "POST",
        body: lines ? { lines } : {},
      }),
      invalidatesTags: ifDone(afterRefund),
    }),
    // Fulfilment (issue 31): the parcel's carrier and tracking number; the order becomes Shipped.
    shipOrder: build.mutation({
      query: ({ idPayment, carrier, trackingNumber }) => ({
        url: `/cart/order/${encodeURIComponent(idPayment)}/ship`,
        method: "POST",
        body: { carrier, trackingNumber },
      }),
      invalidatesTags: ifDone(({ idPayment }) => [
        { type: "Order", id: idPayment },
        { type: "Order", id: "LIST" },
      ]),
    }),
    // Returns not decided yet (issue 31), oldest first.
    openReturns: build.query({ query: () => "/admin/returns", providesTags: ["Return"] }),
    // received | approve | refuse; an exchange is approved with its new size's carrier and number.
    decideReturn: build.mutation({
      query: ({ id, action, carrier, trackingNumber }) => ({
        url: `/admin/returns/${id}/${action}`,
        method: "POST",
        body: carrier ? { carrier, trackingNumber } : {},
      }),
      invalidatesTags: ifDone(({ idPayment }) => [
        "Return",
        { type: "Order", id: idPayment },
        { type: "Order", id: "LIST" },
        "Stats",
        "Shoe",
      ]),
    }),
    cancelOrder: build.mutation({
      query: ({ idPayment }) => ({
        url: `/cart/order/${encodeURIComponent(idPayment)}/cancel`,
        method: "POST",
      }),
      invalidatesTags: ifDone(afterRefund),
    }),

    // The shop's shoes, newest first, as the server has them (the storefront's zero their quantities).
    productsPage: build.query({
      query: ({ limit = PAGE_SIZE.products, offset }) => `/shoes?${pageQuery({ limit, offset })}`,
      providesTags: (page) => pageTags("Shoe", page),
    }),
    // The selected shoe as the server has it now (a size added, a modify): the narrowed table's row.
    adminShoe: build.query({
      query: (id) => `/shoes/${id}`,
      providesTags: (shoe, error, id) => [{ type: "Shoe", id }],
    }),
    // On sale or not: the shoe, the storefront's lists and the sale.
    setOnSale: build.mutation({
      query: ({ id, onSale }) => ({ url: `/admin/onsale/${id}`, method: "PUT", body: { onSale } }),
      invalidatesTags: ifDone(({ id }) => [{ type: "Shoe", id }, ...SHOE_LISTS]),
    }),
    // The server deletes the shoe, or archives it when customers' orders, reviews or favorites point
    // at it (the Archived table then lists it); Products loses the row either way.
    deleteShoe: build.mutation({
      query: (id) => ({ url: `/shoes/${id}`, method: "DELETE" }),
      invalidatesTags: ifDone((id) => [{ type: "Shoe", id }, ...SHOE_LISTS]),
    }),
    // Shoes out of the shop but kept for customers' history, the latest first.
    archivedPage: build.query({
      query: ({ limit = PAGE_SIZE.archived, offset }) => `/shoes/archived?${pageQuery({ limit, offset })}`,
      providesTags: [{ type: "Shoe", id: "ARCHIVED" }],
    }),
    // An archived shoe back in the shop, as it was.
    restoreShoe: build.mutation({
      query: (id) => ({ url: `/shoes/${id}/restore`, method: "POST" }),
      invalidatesTags: ifDone((id) => [{ type: "Shoe", id }, ...SHOE_LISTS]),
    }),

    // Brands by name; one still with shoes is refused (409, with the server's reason).
    brandsPage: build.query({
      query: ({ limit = PAGE_SIZE.brands, offset }) => `/brands?${pageQuery({ limit, offset })}`,
      providesTags: [{ type: "Brand", id: "LIST" }],
    }),
    deleteBrand: build.mutation({
      query: (id) => ({ url: `/brands/${id}`, method: "DELETE" }),
      invalidatesTags: ifDone(() => [{ type: "Brand", id: "LIST" }]),
    }),
    // A brand's own size guide, whole (issue 31): [{us, uk, eu, cm}], [] for the shop's chart. Answers
    // {message, brand}; the brands' lists say again which have a guide.
    saveSizeGuide: build.mutation({
      query: ({ id, sizeGuide }) => ({ url: `/brands/${id}/sizeGuide`, method: "PUT", body: { sizeGuide } }),
      invalidatesTags: ifDone(({ id }) => [
        { type: "Brand", id },
        { type: "Brand", id: "LIST" },
      ]),
    }),

    // Shipping methods (issue 30), every one, inactive too: [{id, name, price, estimate, freeAbove, regions, active,
    // position}] in cents; each write moves the cart's quote too.
    shippingMethods: build.query({
      query: () => "/admin/shipping-methods",
      providesTags: [{ type: "ShippingMethod", id: "LIST" }],
    }),
    saveShippingMethod: build.mutation({
      query: ({ id, body }) =>
        id
          ? { url: `/admin/shipping-methods/${id}`, method: "PUT", body }
          : { url: "/admin/shipping-methods", method: "POST", body },
      invalidatesTags: ifDone(() => [{ type: "ShippingMethod", id: "LIST" }, "Quote"]),
    }),
    deleteShippingMethod: build.mutation({
      query: (id) => ({ url: `/admin/shipping-methods/${id}`, method: "DELETE" }),
      invalidatesTags: ifDone(() => [{ type: "ShippingMethod", id: "LIST" }, "Quote"]),
    }),

    // The forms. POST /shoes: every field, the image when one was chosen.
    createShoe: build.mutation({
      query: (values) => ({
        url: "/shoes",
        method: "POST",
        body: toFormData({ ...shoeFields(values), size: values.size, q: values.q, image: values.image }),
      }),
      invalidatesTags: ifDone(() => [{ type: "Shoe", id: "LIST" }]),
    }),
    // PUT /shoes/{id}: the size and its quantity only when a size was chosen, the image only when a new
    // one was, and never onSale: the server keeps the sale flag when it is left out, so a modify never
    // ends a sale.
    modifyShoe: build.mutation({
      query: ({ id, values }) => {
        const stock = values.size ? { size: values.size, q: values.q } : {};
        return {
          url: `/shoes/${id}`,
          method: "PUT",
          body: toFormData({ ...shoeFields(values), ...stock, image: values.image }),
        };
      },
      invalidatesTags: ifDone(({ id }) => [
        { type: "Shoe", id },
        { type: "Shoe", id: "LIST" },
      ]),
    }),
    // POST /brands {name}: answers {message, brand}.
    createBrand: build.mutation({
      query: ({ name }) => ({ url: "/brands", method: "POST", body: { name: clean(name) } }),
      invalidatesTags: ifDone(() => [{ type: "Brand", id: "LIST" }]),
    }),
    // PUT /shoes/addSize/{id} {size, q}: answers {message, shoe}.
    addSize: build.mutation({
      query: ({ id, size, q }) => ({
        url: `/shoes/addSize/${id}`,
        method: "PUT",
        body: { size: clean(size), q: clean(q) },
      }),
      invalidatesTags: ifDone(({ id }) => [
        { type: "Shoe", id },
        { type: "Shoe", id: "LIST" },
      ]),
    }),

    // Releases (docs/PRODUCT.md §10): create one of the selected shoe, change one before it opens, watch its
    // figures, run its closed draw.
    createRelease: build.mutation({
      query: (body) => ({ url: "/releases", method: "POST", body }),
      invalidatesTags: ["Release"],
    }),
    changeRelease: build.mutation({
      query: ({ id, body }) => ({ url: `/releases/${id}`, method: "PUT", body }),
      invalidatesTags: ["Release"],
    }),
    releaseWatch: build.query({ query: (id) => `/releases/${id}/watch`, providesTags: ["Release"] }),
    // Every release, announced or not, for the dashboard's three release tables.
    allReleases: build.query({ query: () => "/releases/all", providesTags: ["Release"] }),
    runDraw: build.mutation({
      query: (id) => ({ url: `/releases/${id}/draw`, method: "POST" }),
      invalidatesTags: ["Release"],
    }),
  }),
});

export const {
  useStatsQuery,
  useMostWantedSizesQuery,
  useUsersPageQuery,
  useChangeUserMutation,
  useActivityPageQuery,
  useClientsPageQuery,
  useSetOrderStatusMutation,
  useAdminOrderQuery,
  useRefundOrderMutation,
  useCancelOrderMutation,
  useShipOrderMutation,
  useOpenReturnsQuery,
  useDecideReturnMutation,
  useProductsPageQuery,
  useAdminShoeQuery,
  useSetOnSaleMutation,
  useDeleteShoeMutation,
  useArchivedPageQuery,
  useRestoreShoeMutation,
  useBrandsPageQuery,
  useDeleteBrandMutation,
  useSaveSizeGuideMutation,
  useCreateShoeMutation,
  useModifyShoeMutation,
  useCreateBrandMutation,
  useAddSizeMutation,
  useCreateReleaseMutation,
  useChangeReleaseMutation,
  useReleaseWatchQuery,
  useAllReleasesQuery,
  useRunDrawMutation,
  useShippingMethodsQuery,
  useSaveShippingMethodMutation,
  useDeleteShippingMethodMutation,
} = adminApi;
