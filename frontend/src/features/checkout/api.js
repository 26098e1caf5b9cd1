import { lineKey } from "../../lib/cartLines";
import { shopApi } from "../../lib/shopApi";

// What the server reads of a cart line: the rest (name, image) is for the shopper's eyes.
const forQuote = ({ _id, size, quantity, price }) => ({ _id, size, quantity, price });

// What the cart screen asks the shop about (quoteCart's argument): its lines, and what prices the rest of the total:
// the discount code entered, the shipping method chosen and the state typed in the payment form (the country is the
// shop's own: the spec's form has none). Every figure comes back from the server (orders.pricing).
export const quoteArg = (items, { code = "", shipping = null, state = "" } = {}) => ({
  items,
  code,
  shipping,
  state,
});

const quoteBody = ({ items, code, shipping, state }) => ({
  shoes: items.map(forQuote),
  ...(code ? { code } : {}),
  ...(shipping !== null ? { shipping } : {}),
  ...(state ? { address: { state } } : {}),
});

// The lines of a quote, with the lines a checkout refused in place of the quote's word on them.
function withRefused(quote, refused) {
  const byKey = new Map((quote?.lines ?? []).map((line) => [lineKey(line), line]));
  for (const line of refused) byKey.set(lineKey(line), line);
  return { ...quote, amount: quote?.amount ?? null, lines: [...byKey.values()] };
}

export const checkoutApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    // POST /cart/quote: what the shop says now of each cart line (its price, the pairs it has, and a
    // problem) and of the total (subtotal, discount, shipping and its methods, tax: quoteArg). Asked for the lines
    // as they are (a POST that changes nothing, hence a query), and
    // forgotten as soon as the cart screen is left: nothing flagged then shows again on the next visit
    // before the shop has been asked anew.
    quoteCart: build.query({
      query: (arg) => ({ url: "/cart/quote", method: "POST", body: quoteBody(arg) }),
      keepUnusedDataFor: 0,
      providesTags: ["Quote"],
    }),
    // POST /cart/checkout with the payment method the card widget made (docs/PRODUCT.md §7), the user
    // and the lines: {message, order} once paid, or {requiresAction} when the bank wants the shopper
    // to confirm (usePay sends the same body again then). A cart the shop refused has its lines
    // flagged as the quote flags them (`quote`, the quote's argument it was paid from, is not sent).
    checkout: build.mutation({
      query: (arg) => {
        const body = { ...arg };
        delete body.quote;
        return { url: "/cart/checkout", method: "POST", body };
      },
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        const { quote: asked = quoteArg(arg.shoes) } = arg;
        try {
          await queryFulfilled;
        } catch ({ error }) {
          if (error?.code !== "cart_changed") return;
          const refused = error.body?.lines ?? [];
          const { data: quote } = checkoutApi.endpoints.quoteCart.select(asked)(getState());
          dispatch(
            quote
              ? checkoutApi.util.updateQueryData("quoteCart", asked, (shown) => withRefused(shown, refused))
              : checkoutApi.util.upsertQueryData("quoteCart", asked, withRefused(null, refused)),
          );
        }
      },
      // Paid: the stock of its shoes, the user's orders, the shop's figures (and the address book, when it kept the
      // address) changed. A total the shop no longer agrees with: the shop is asked again, which flags the lines.
      invalidatesTags: (answer, error, body) => {
        if (answer?.order) {
          return [
            { type: "Order", id: "LIST" },
            ...(answer.addressSaved ? [{ type: "Address", id: "LIST" }] : []),
            "Stats",
            { type: "Shoe", id: "LIST" },
            ...body.shoes.map((line) => ({ type: "Shoe", id: line._id })),
          ];
        }
        return error?.code === "amount_mismatch" ? ["Quote"] : [];
      },
    }),
  }),
});

export const { useQuoteCartQuery, useCheckoutMutation } = checkoutApi;
