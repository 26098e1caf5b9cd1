// A draw's entry on the shoe's page (docs/PRODUCT.md §10), as pure functions: the sizes offered, the body sent,
// what the shopper is told of a refusal and of their entry.

// The release's sizes of this shoe: [{id, size}].
export function entrySizes(release, shoeId) {
  const shoe = release?.shoes.find((each) => each._id === Number(shoeId));
  return shoe ? shoe.sizes.map(({ id, size }) => ({ id, size })) : [];
}

// The entry as the shop takes it: the size's id, the card's payment method, the shipping address (the billing
// details of the card form), and the challenge's token when one was asked. The same body goes again after 3-D
// Secure.
export function entryBody({ size, methodId, billing, turnstileToken = "" }) {
  const { state, city, line1, postal_code: postalCode } = billing.address;
  const body = {
    size: Number(size),
    id: methodId,
    address: { name: billing.name, state, city, line1, postalCode },
  };
  if (turnstileToken) body.turnstileToken = turnstileToken;
  return body;
}

// The first message of a refusal's fields ({address: {line1: ["…"]}} too), else its message.
function firstFieldMessage(fields) {
  for (const value of Object.values(fields ?? {})) {
    if (Array.isArray(value) && typeof value[0] === "string") return value[0];
    if (value && typeof value === "object") {
      const inner = firstFieldMessage(value);
      if (inner) return inner;
    }
  }
  return null;
}

export const ENTRY_FAILED = "We could not take your entry; please try again.";
export const ENTRY_NOT_CONFIRMED = "Your bank did not confirm the authorisation: you are not in the draw.";

export function entryRefusal(error) {
  return firstFieldMessage(error?.fields) ?? error?.message ?? ENTRY_FAILED;
}

// An entry the shopper has made, in words; null when there is none to show (none, or one whose card was declined
// or never confirmed: they may enter again).
export function entryNews(entry) {
  switch (entry?.status) {
    case "entered":
      return `You are in the draw, size ${entry.size}. We mail you when it has run; your card is charged only if you win.`;
    case "won":
      return `You won this draw, size ${entry.size}: your order is ${entry.order}.`;
    case "lost":
    case "capture_failed":
      return "The draw has run: not this time.";
    case "void":
      return "Your entry was void: the card or the address was on an earlier entry.";
    case "expired":
      return "The draw was cancelled: nothing was charged.";
    default:
      return null;
  }
}
