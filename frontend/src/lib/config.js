// What the server tells the app about itself, from the JSON block in the page shell (docs/DESIGN.md §7).
const DEFAULTS = {
  shopName: "Sneaker Shop",
  identityProvider: "local",
  firebaseConfig: null,
  // Sign in with Google on the shop's own accounts: Google's OAuth client id, or "" for none.
  googleClientId: "",
  paymentGateway: "test",
  stripePublishableKey: "",
  socialLinks: {},
  // The user the page shell's session signed in (local provider), or null.
  user: null,
};

export function readConfig(doc = globalThis.document) {
  const element = doc?.getElementById("shop-config");
  return Object.freeze({ ...DEFAULTS, ...(element ? JSON.parse(element.textContent) : {}) });
}

export const config = readConfig();
