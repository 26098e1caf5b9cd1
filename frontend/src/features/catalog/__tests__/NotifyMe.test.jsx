import { screen, within } from "@testing-library/react";
import { installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import ProductDetail from "../../../pages/ProductDetail";

const shoe = shoeFixture({ _id: 7, name: "Air Swift" });
const THANKS = { message: "We will email ana@example.com once size 9.5 is back in stock." };

function renderDetail({ answers = {}, shown = shoe } = {}) {
  const calls = installFakeApi({ "GET /reviews/7": page([]), "GET /shoes/7": shown, ...answers });
  const view = renderWithProviders({
    path: "/products/7",
    route: "/products/:id",
    element: <ProductDetail />,
  });
  return { ...view, calls };
}

const notifyCalls = (calls) => calls.filter((call) => call.path === "/shoes/7/notify");
const form = async () => within(await screen.findByRole("region", { name: "Sold out in your size?" }));

test("a visitor picks the sold-out size, leaves an address and is thanked", async () => {
  const { user, calls } = renderDetail({ answers: { "POST /shoes/7/notify": [201, THANKS] } });
  const notify = await form();
  // The one sold-out size is chosen already; sizes with pairs are not offered.
  expect(notify.getByLabelText("Size to wait for")).toHaveValue("9.5");
  expect(notify.queryByRole("option", { name: "9" })).not.toBeInTheDocument();
  await user.type(notify.getByLabelText("Your email"), " ana@example.com ");
  await user.click(notify.getByRole("button", { name: "Notify me" }));
  expect(await screen.findByRole("status")).toHaveTextContent(THANKS.message);
  expect(notifyCalls(calls).map((call) => call.body)).toEqual([{ size: "9.5", email: "ana@example.com" }]);
});

test("an address without @ is refused here, and nothing is sent", async () => {
  const { user, calls } = renderDetail();
  const notify = await form();
  await user.type(notify.getByLabelText("Your email"), "ana");
  await user.click(notify.getByRole("button", { name: "Notify me" }));
  expect(notify.getByRole("alert")).toHaveTextContent("Use a valid email");
  expect(notifyCalls(calls)).toEqual([]);
});

test("the server's refusal and its throttle are shown", async () => {
  const refusal = { size: ["Size 9.5 is in stock: add it to your cart"] };
  const { user } = renderDetail({ answers: { "POST /shoes/7/notify": [400, refusal] } });
  const notify = await form();
  await user.type(notify.getByLabelText("Your email"), "ana@example.com");
  await user.click(notify.getByRole("button", { name: "Notify me" }));
  expect(await notify.findByRole("alert")).toHaveTextContent("Size 9.5 is in stock: add it to your cart");
});

test("a signed-in shopper asks in one click, with their account's address", async () => {
  const calls = installFakeApi({
    "GET /reviews/7": page([]),
    "GET /shoes/7": shoe,
    "POST /shoes/7/notify": [201, THANKS],
  });
  const account = { user: { idUser: "u1", email: "ana@example.com", name: "Ana" }, status: "signedIn" };
  const { user } = renderWithProviders({
    path: "/products/7",
    route: "/products/:id",
    element: <ProductDetail />,
    preloadedState: { account },
  });
  const notify = await form();
  expect(notify.queryByLabelText("Your email")).not.toBeInTheDocument();
  expect(notify.getByText("We will write to ana@example.com.")).toBeInTheDocument();
  await user.click(notify.getByRole("button", { name: "Notify me" }));
  expect(await screen.findByRole("status")).toHaveTextContent(THANKS.message);
  expect(notifyCalls(calls).map((call) => call.body)).toEqual([{ size: "9.5" }]);
});

test("no form when every size has pairs", async () => {
  renderDetail({ shown: { ...shoe, stock: [{ _id: 1, size: "9", quantity: 2 }] } });
  expect(await screen.findByRole("heading", { level: 1, name: "Air Swift" })).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Notify me" })).not.toBeInTheDocument();
});
