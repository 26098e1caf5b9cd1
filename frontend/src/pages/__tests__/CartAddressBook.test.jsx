import { screen, waitFor } from "@testing-library/react";
import { successPopup } from "../../lib/popup";
import { fillPaymentForm, paid, payButton, quotes, renderCart } from "../../testing/cartScreen";

jest.mock("../../lib/popup");

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});

const home = {
  _id: 1,
  name: "Ana Runner",
  state: "Jalisco",
  city: "Guadalajara",
  line1: "Calle 5-B",
  postalCode: "44100",
  country: "US",
  isDefault: false,
};
const work = {
  ...home,
  _id: 2,
  name: "Ana Works",
  state: "New York",
  city: "Brooklyn",
  line1: "Work Street 9",
};
const book = [{ ...work, isDefault: true }, home];

async function typeCard(user) {
  await user.type(screen.getByLabelText("Card number"), "4242424242424242");
  await user.type(screen.getByLabelText("MM/YY"), "1240");
  await user.type(screen.getByLabelText("CVC"), "123");
}

const checkoutBody = (calls) => calls.find((call) => call.path === "/cart/checkout").body;

test("the default address fills the form, and the cart is quoted for its state", async () => {
  const { calls } = await renderCart({ answers: { "GET /account/addresses": book } });

  const picker = await screen.findByLabelText("Saved address");
  await waitFor(() => expect(screen.getByLabelText("Cardholder name")).toHaveValue("Ana Works"));
  expect(picker).toHaveDisplayValue("Ana Works, Work Street 9, Brooklyn, New York 44100");
  expect(screen.getByLabelText("State")).toHaveValue("New York");
  expect(screen.getByLabelText("Line 1")).toHaveValue("Work Street 9");
  // A saved address is in the book already: nothing to save.
  expect(screen.queryByRole("checkbox", { name: "Save this address" })).toBeNull();
  await waitFor(() => expect(quotes(calls).at(-1).body.address).toEqual({ state: "New York" }));
});

test("picking another saved address fills the fields with it, and it is paid with", async () => {
  const { user, calls } = await renderCart({
    answers: { "GET /account/addresses": book, "POST /cart/checkout": [201, paid] },
  });
  await waitFor(() => expect(screen.getByLabelText("Cardholder name")).toHaveValue("Ana Works"));

  await user.selectOptions(screen.getByLabelText("Saved address"), "1");
  expect(screen.getByLabelText("City")).toHaveValue("Guadalajara");
  await typeCard(user);
  await user.click(payButton());

  await waitFor(() => expect(calls.some((call) => call.path === "/cart/checkout")).toBe(true));
  expect(checkoutBody(calls).address).toEqual({
    name: "Ana Runner",
    state: "Jalisco",
    city: "Guadalajara",
    line1: "Calle 5-B",
    postalCode: "44100",
  });
  expect(checkoutBody(calls).saveAddress).toBeUndefined();
});

test("a new address may be saved with the order; a full book is said so beside the thanks", async () => {
  const { user, calls } = await renderCart({
    answers: {
      "GET /account/addresses": book,
      "POST /cart/checkout": [201, { ...paid, addressSaved: false }],
    },
  });
  await waitFor(() => expect(screen.getByLabelText("Cardholder name")).toHaveValue("Ana Works"));

  await user.selectOptions(screen.getByLabelText("Saved address"), "A new address");
  expect(screen.getByLabelText("Cardholder name")).toHaveValue("");
  await fillPaymentForm(user);
  await user.type(screen.getByLabelText("Line 1"), "0");
  await user.click(screen.getByRole("checkbox", { name: "Save this address" }));
  await user.click(payButton());

  await waitFor(() => expect(successPopup).toHaveBeenCalled());
  expect(checkoutBody(calls)).toMatchObject({
    saveAddress: true,
    address: { line1: "Calle 5-B0", city: "Guadalajara" },
  });
  expect(successPopup).toHaveBeenCalledWith(paid.message, {
    timer: 5000,
    text: "Your address book is full, so this address was not saved.",
  });
});
