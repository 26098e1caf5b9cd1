// Stripe.js, fetched only by a shop that takes real cards (docs/DESIGN.md §7): its own chunk, loaded when
// the card widget first shows, never with the home page.
let loading = null;

export function loadStripeJs(publishableKey) {
  loading ??= import(/* webpackChunkName: "stripe" */ "@stripe/stripe-js").then((module) =>
    module.loadStripe(publishableKey),
  );
  return loading;
}

// Tests start each case afresh.
export function resetStripeJs() {
  loading = null;
}
