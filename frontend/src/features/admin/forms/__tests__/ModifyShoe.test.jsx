import { screen, waitFor, within } from "@testing-library/react";
import { errorPopup, successPopup } from "../../../../lib/popup";
import { installFakeApi, shoeFixture } from "../../../../testing/fakeApi";
import { renderWithProviders } from "../../../../testing/renderWithProviders";
import { selectSelectedShoe } from "../../selectionSlice";
import ModifyShoe from "../ModifyShoe";
import { setupStore } from "../../../../app/store";

jest.mock("../../../../lib/popup");

beforeEach(() => jest.clearAllMocks());

const SHOE = shoeFixture({
  _id: 7,
  name: "Air Swift",
  brand: "Nike",
  color: "Black",
  price: "99.99",
  description: "Light running shoe",
  onSale: true,
  stock: [
    { _id: 701, size: "9", quantity: 3 },
    { _id: 702, size: "9.5", quantity: 0 },
  ],
});

async function renderForm({ shoe = SHOE, answer } = {}) {
  const modified = { ...SHOE, name: "Air Swifter" };
  const calls = installFakeApi({
    "GET /brands": [{ _id: 1, name: "Nike" }],
    "PUT /shoes/7": answer ?? modified,
  });
  // As the dashboard leaves it once the admin picked the shoe (or nothing).
  const store = setupStore({ adminSelection: { shoe: shoe, order: null } });
  // applyAccept off: the file input's accept list would keep a wrong file from being picked at all.
  const view = renderWithProviders({
    path: "/modifshoe",
    route: "/modifshoe",
    element: <ModifyShoe />,
    store,
    userOptions: { applyAccept: false },
  });
  // The shop's brands, offered for the brand field, have arrived.
  if (shoe) await waitFor(() => expect(document.querySelectorAll("datalist option")).toHaveLength(1));
  return { ...view, calls, modified, sent: () => calls.filter((call) => call.method === "PUT") };
}

const modify = (user) => user.click(screen.getByRole("button", { name: "Modify" }));
const fieldsOf = (formData) => Object.fromEntries(formData.entries());

test("with no shoe selected it says so and links back to the dashboard", async () => {
  const { calls } = await renderForm({ shoe: null });
  expect(screen.getByRole("heading", { level: 1, name: "Modify Shoes" })).toBeInTheDocument();
  expect(
    screen.getByText("No shoe is selected. Choose one in the Products table of the dashboard."),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
  expect(screen.queryByRole("button", { name: "Modify" })).not.toBeInTheDocument();
  expect(calls).toEqual([]);
});

test("the form is pre-filled from the selected shoe, with a dropdown of its sizes", async () => {
  await renderForm();
  expect(screen.getByText("Air Swift", { selector: "strong" })).toBeInTheDocument();
  expect(screen.getByLabelText("Brand")).toHaveValue("Nike");
  expect(screen.getByLabelText("Name")).toHaveValue("Air Swift");
  expect(screen.getByLabelText("Color")).toHaveValue("Black");
  expect(screen.getByLabelText("Price")).toHaveValue("99.99");
  expect(screen.getByLabelText("Description")).toHaveValue("Light running shoe");
  expect(screen.getByLabelText("Quantity")).toHaveValue("");
  const sizes = within(screen.getByLabelText("Size")).getAllByRole("option");
  expect(sizes.map((option) => option.textContent)).toEqual(["Keep the sizes as they are", "9", "9.5"]);
  expect(screen.getByLabelText("Size")).toHaveValue("");
  expect(screen.getByLabelText("Image")).toHaveAttribute("type", "file");
  expect(screen.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
});

test("a modify sends the fields as multipart, never onSale, toasts and goes to /admin", async () => {
  const { user, sent, store, router, modified } = await renderForm();
  await user.clear(screen.getByLabelText("Name"));
  await user.type(screen.getByLabelText("Name"), "Air Swifter");
  await modify(user);

  await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
  expect(successPopup).toHaveBeenCalledWith("Your modified shoe was added to store");
  expect(sent()).toHaveLength(1);
  expect(sent()[0].path).toBe("/shoes/7");
  expect(fieldsOf(sent()[0].body)).toEqual({
    brand: "Nike",
    name: "Air Swifter",
    description: "Light running shoe",
    color: "Black",
    price: "99.99",
    salePrice: "",
  });
  expect(sent()[0].body.has("onSale")).toBe(false);
  // The selection is the shoe as the server now has it.
  expect(selectSelectedShoe(store.getState())).toEqual(modified);
  expect(errorPopup).not.toHaveBeenCalled();
});

test("choosing a size puts its stock in the quantity; the size and its new quantity are sent", async () => {
  const { user, sent } = await renderForm();
  await user.selectOptions(screen.getByLabelText("Size"), "9");
  expect(screen.getByLabelText("Quantity")).toHaveValue("3");
  await user.clear(screen.getByLabelText("Quantity"));
  await user.type(screen.getByLabelText("Quantity"), "12");
  const image = new File(["webp"], "new.webp", { type: "image/webp" });
  await user.upload(screen.getByLabelText("Image"), image);
  await modify(user);

  await waitFor(() => expect(successPopup).toHaveBeenCalled());
  expect(fieldsOf(sent()[0].body)).toEqual({
    brand: "Nike",
    name: "Air Swift",
    description: "Light running shoe",
    color: "Black",
    price: "99.99",
    salePrice: "",
    size: "9",
    q: "12",
    image,
  });
});

test("the sale price is pre-filled, sent when changed, and refused when not below the price", async () => {
  const { user, sent } = await renderForm({ shoe: { ...SHOE, salePrice: 79.5 } });
  const salePrice = screen.getByLabelText("Sale price");
  expect(salePrice).toHaveValue("79.5");
  await user.clear(salePrice);
  await user.type(salePrice, "99.99");
  await modify(user);
  expect(screen.getByText("The sale price must be below the price")).toBeInTheDocument();
  expect(sent()).toEqual([]);

  await user.clear(salePrice);
  await user.type(salePrice, "69");
  await modify(user);
  await waitFor(() => expect(successPopup).toHaveBeenCalled());
  expect(fieldsOf(sent()[0].body).salePrice).toBe("69");
});

test("the quantity is required once a size is chosen", async () => {
  const { user, sent } = await renderForm();
  await user.selectOptions(screen.getByLabelText("Size"), "9.5");
  expect(screen.getByLabelText("Quantity")).toHaveValue("0");
  await user.clear(screen.getByLabelText("Quantity"));
  await modify(user);
  expect(screen.getByText("Enter a valid quantity")).toBeInTheDocument();
  expect(sent()).toEqual([]);

  // Back to no size: nothing is asked of the quantity.
  await user.selectOptions(screen.getByLabelText("Size"), "");
  expect(screen.queryByText("Enter a valid quantity")).not.toBeInTheDocument();
});

test("every emptied field gets its message and nothing is sent", async () => {
  const { user, sent } = await renderForm();
  for (const label of ["Brand", "Name", "Color", "Price", "Description"]) {
    await user.clear(screen.getByLabelText(label));
  }
  await modify(user);
  for (const message of [
    "Enter a valid brand",
    "Enter a valid name",
    "Enter a valid color",
    "Enter a valid price",
    "Enter a valid description",
  ]) {
    expect(screen.getByText(message)).toBeInTheDocument();
  }
  expect(sent()).toEqual([]);
});

test("a file that is not a picture gets 'Add a valid image' and is not sent", async () => {
  const { user, sent } = await renderForm();
  await user.upload(
    screen.getByLabelText("Image"),
    new File(["%PDF"], "shoe.pdf", { type: "application/pdf" }),
  );
  await modify(user);
  expect(screen.getByText("Add a valid image")).toBeInTheDocument();
  expect(screen.getByLabelText("Image")).toHaveFocus();
  expect(sent()).toEqual([]);
});

test("a refusal shows the server's field messages and the spec's failure text, and stays on the form", async () => {
  const { user, router } = await renderForm({
    answer: [400, { price: ["The price can have at most 2 decimals"] }],
  });
  await modify(user);
  expect(await screen.findByText("The price can have at most 2 decimals")).toBeInTheDocument();
  expect(errorPopup).toHaveBeenCalledWith("Something went wrong creating your shoes", { text: undefined });
  expect(successPopup).not.toHaveBeenCalled();
  expect(router.state.location.pathname).toBe("/modifshoe");
});

test("a shoe missing from the shop: the spec's failure text with the server's reason", async () => {
  const { user } = await renderForm({
    answer: [404, { detail: "No Shoe matches the given query.", code: "not_found" }],
  });
  await modify(user);
  await waitFor(() =>
    expect(errorPopup).toHaveBeenCalledWith("Something went wrong creating your shoes", {
      text: "No Shoe matches the given query.",
    }),
  );
});
