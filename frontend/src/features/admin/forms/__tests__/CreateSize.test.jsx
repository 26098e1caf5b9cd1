import { screen, waitFor } from "@testing-library/react";
import { setupStore } from "../../../../app/store";
import { errorPopup, successPopup } from "../../../../lib/popup";
import { installFakeApi, shoeFixture } from "../../../../testing/fakeApi";
import { renderWithProviders } from "../../../../testing/renderWithProviders";
import { selectSelectedShoe } from "../../selectionSlice";
import CreateSize from "../CreateSize";

jest.mock("../../../../lib/popup");

beforeEach(() => jest.clearAllMocks());

const SHOE = shoeFixture({
  _id: 7,
  name: "Air Swift",
  brand: "Nike",
  stock: [{ _id: 701, size: "9", quantity: 3 }],
});
const WITH_TEN = { ...SHOE, stock: [...SHOE.stock, { _id: 702, size: "10", quantity: 4 }] };

function renderForm({
  shoe = SHOE,
  answer = { message: "Size 10 added to Air Swift with 4 pairs", shoe: WITH_TEN },
} = {}) {
  const calls = installFakeApi({ "PUT /shoes/addSize/7": answer });
  // As the dashboard leaves it once the admin picked the shoe (or nothing).
  const store = setupStore({ adminSelection: { shoe: shoe, order: null } });
  const view = renderWithProviders({
    path: "/createsize",
    route: "/createsize",
    element: <CreateSize />,
    store,
  });
  return { ...view, calls };
}

async function fill(user, size, q) {
  if (size) await user.type(screen.getByLabelText("Size"), size);
  if (q) await user.type(screen.getByLabelText("Quantity"), q);
}

const create = (user) => user.click(screen.getByRole("button", { name: "Create" }));

test("with no shoe selected it says so and links back to the dashboard", () => {
  renderForm({ shoe: null });
  expect(screen.getByRole("heading", { level: 1, name: "Create size" })).toBeInTheDocument();
  expect(
    screen.getByText("No shoe is selected. Choose one in the Products table of the dashboard."),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
  expect(screen.queryByLabelText("Size")).not.toBeInTheDocument();
});

test("it names the selected shoe and its sizes", () => {
  renderForm();
  expect(screen.getByText("Air Swift", { selector: "strong" }).parentElement).toHaveTextContent(
    "For Air Swift by Nike. Sizes (pairs): 9 (3)",
  );
  expect(screen.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
});

test("a shoe with no sizes yet says so", () => {
  renderForm({ shoe: { ...SHOE, stock: [] } });
  expect(screen.getByText(/Sizes \(pairs\): none yet/)).toBeInTheDocument();
});

test("empty and bad values get the spec's messages and nothing is sent", async () => {
  const { user, calls } = renderForm();
  await create(user);
  expect(screen.getByText("Enter a valid size")).toBeInTheDocument();
  expect(screen.getByText("Enter a valid quantity")).toBeInTheDocument();

  await fill(user, "ten", "four");
  expect(screen.getByText("The size can only contain number")).toBeInTheDocument();
  expect(screen.getByText("The quantity can only contain number")).toBeInTheDocument();
  await create(user);
  expect(calls).toEqual([]);
});

test("a size is sent as {size, q}; the server's message shows, the form empties and the shoe's sizes follow", async () => {
  const { user, calls, store } = renderForm();
  await fill(user, "10", "4");
  await create(user);

  await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Size 10 added to Air Swift with 4 pairs"));
  expect(calls).toEqual([
    expect.objectContaining({ method: "PUT", path: "/shoes/addSize/7", body: { size: "10", q: "4" } }),
  ]);
  expect(screen.getByLabelText("Size")).toHaveValue("");
  expect(screen.getByLabelText("Quantity")).toHaveValue("");
  expect(screen.getByText(/Sizes \(pairs\): 9 \(3\), 10 \(4\)/)).toBeInTheDocument();
  expect(selectSelectedShoe(store.getState())).toEqual(WITH_TEN);
  expect(errorPopup).not.toHaveBeenCalled();
});

test("a refusal shows the server's field message and the spec's failure text; nothing typed is lost", async () => {
  const { user } = renderForm({ answer: [400, { size: ["The size must be from 1 to 20, in half sizes"] }] });
  await fill(user, "19.5", "4");
  await user.clear(screen.getByLabelText("Size"));
  await user.type(screen.getByLabelText("Size"), "19.5");
  await create(user);
  expect(await screen.findByText("The size must be from 1 to 20, in half sizes")).toBeInTheDocument();
  expect(errorPopup).toHaveBeenCalledWith("Something went wrong creating the size", { text: undefined });
  expect(screen.getByLabelText("Size")).toHaveValue("19.5");
  expect(successPopup).not.toHaveBeenCalled();
});

test("a failed call of another kind shows the spec's failure text with the server's reason", async () => {
  const { user } = renderForm({
    answer: [404, { detail: "No Shoe matches the given query.", code: "not_found" }],
  });
  await fill(user, "10", "4");
  await create(user);
  await waitFor(() =>
    expect(errorPopup).toHaveBeenCalledWith("Something went wrong creating the size", {
      text: "No Shoe matches the given query.",
    }),
  );
});
