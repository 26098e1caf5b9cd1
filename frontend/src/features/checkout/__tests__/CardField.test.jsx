import { act, render, screen, waitFor } from "@testing-library/react";
import { loadStripe } from "@stripe/stripe-js";
import CardField from "../CardField";
import { resetStripeJs } from "../stripe";

jest.mock("@stripe/stripe-js", () => ({ loadStripe: jest.fn() }));

// Stripe.js as far as the card widget uses it; the card element's change handler is kept to play
// the shopper typing into Stripe's frame.
function fakeStripe() {
  const handlers = {};
  const card = {
    on: jest.fn((event, handler) => (handlers[event] = handler)),
    mount: jest.fn(),
    destroy: jest.fn(),
  };
  const stripe = {
    elements: jest.fn(() => ({ create: jest.fn(() => card) })),
    createPaymentMethod: jest.fn(async () => ({ paymentMethod: { id: "pm_1Abc" } })),
    handleCardAction: jest.fn(async () => ({ paymentIntent: { status: "requires_confirmation" } })),
  };
  return { stripe, card, handlers };
}

const stripeShop = { paymentGateway: "stripe", stripePublishableKey: "pk_test_123" };
const billing = {
  name: "Ana Runner",
  address: { state: "Jalisco", city: "Guadalajara", line1: "Calle 5", postal_code: "44100" },
};

beforeEach(() => {
  jest.clearAllMocks();
  resetStripeJs();
});

test("with a publishable key: Stripe's card element, without its postal code", async () => {
  const { stripe, card, handlers } = fakeStripe();
  loadStripe.mockResolvedValue(stripe);
  const onChange = jest.fn();
  const { unmount } = render(<CardField settings={stripeShop} onChange={onChange} showErrors={false} />);

  await waitFor(() => expect(card.mount).toHaveBeenCalled());
  expect(loadStripe).toHaveBeenCalledWith("pk_test_123");
  const create = stripe.elements.mock.results[0].value.create;
  expect(create).toHaveBeenCalledWith("card", expect.objectContaining({ hidePostalCode: true }));

  act(() => handlers.change({ complete: true, brand: "visa", error: undefined }));
  const widget = onChange.mock.calls.at(-1)[0];
  expect(widget).toMatchObject({ accepted: true, brand: "visa", error: null });

  // The payment method carries our postal code with the name and the address.
  await expect(widget.createPaymentMethod(billing)).resolves.toEqual({ id: "pm_1Abc" });
  expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: "card", card, billing_details: billing });

  await expect(widget.confirmAction({ clientSecret: "pi_1_secret_2" })).resolves.toBe(true);
  expect(stripe.handleCardAction).toHaveBeenCalledWith("pi_1_secret_2");

  unmount();
  expect(card.destroy).toHaveBeenCalled();
});

test("Stripe's refusals reach the form: a wrong card, a failed 3-D Secure check", async () => {
  const { stripe, card, handlers } = fakeStripe();
  stripe.createPaymentMethod.mockResolvedValue({ error: { message: "Your card number is invalid." } });
  stripe.handleCardAction.mockResolvedValue({ error: { message: "We are unable to authenticate." } });
  loadStripe.mockResolvedValue(stripe);
  const onChange = jest.fn();
  render(<CardField settings={stripeShop} onChange={onChange} showErrors />);
  await waitFor(() => expect(card.mount).toHaveBeenCalled());

  act(() =>
    handlers.change({
      complete: false,
      brand: "unknown",
      error: { message: "Your card number is invalid." },
    }),
  );
  expect(screen.getByRole("alert")).toHaveTextContent("Your card number is invalid.");
  const widget = onChange.mock.calls.at(-1)[0];
  expect(widget).toMatchObject({ accepted: false, brand: null });
  await expect(widget.createPaymentMethod(billing)).resolves.toEqual({
    error: "Your card number is invalid.",
  });
  await expect(widget.confirmAction({ clientSecret: "s" })).resolves.toBe(false);
});

test("Stripe.js that cannot be loaded says so", async () => {
  loadStripe.mockRejectedValue(new Error("offline"));
  render(<CardField settings={stripeShop} onChange={jest.fn()} showErrors={false} />);
  expect(await screen.findByRole("alert")).toHaveTextContent("The card form could not be loaded.");
});

test("the test gateway's own field needs no Stripe.js, nor does a shop with no key", () => {
  render(<CardField settings={{ paymentGateway: "test", stripePublishableKey: "" }} onChange={jest.fn()} />);
  render(
    <CardField settings={{ paymentGateway: "stripe", stripePublishableKey: "" }} onChange={jest.fn()} />,
  );
  expect(screen.getAllByLabelText("Card number")).toHaveLength(2);
  expect(loadStripe).not.toHaveBeenCalled();
});
