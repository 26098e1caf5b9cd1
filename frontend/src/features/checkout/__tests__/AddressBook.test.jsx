import { screen, waitFor, within } from "@testing-library/react";
import { confirmPopup, errorPopup, successPopup } from "../../../lib/popup";
import { flushPromises, installFakeApi, userRecord } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import AddressBook from "../AddressBook";

jest.mock("../../../lib/popup");

const saved = (overrides = {}) => ({
  _id: 1,
  name: "Ana Runner",
  state: "Jalisco",
  city: "Guadalajara",
  line1: "Calle 5-B",
  postalCode: "44100",
  country: "US",
  isDefault: true,
  ...overrides,
});
const HOME = "Ana Runner, Calle 5-B, Guadalajara, Jalisco 44100";
const WORK = "Ana Runner, Work Street 9, Guadalajara, Jalisco 44100";

async function renderBook(answers) {
  const calls = installFakeApi(answers);
  const view = renderWithProviders({
    path: "/account",
    route: "/account",
    element: <AddressBook />,
    preloadedState: { account: { user: userRecord(), status: "signedIn" } },
  });
  await screen.findByRole("heading", { name: "ADDRESSES" });
  return { ...view, calls };
}

const sent = (calls, method) =>
  calls.filter((call) => call.method === method && call.path.startsWith("/account"));

beforeEach(() => jest.clearAllMocks());

test("an empty book says so and offers to add one", async () => {
  await renderBook({ "GET /account/addresses": [] });

  expect(await screen.findByText(/No saved addresses yet/)).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Add an address" })).toBeInTheDocument();
});

test("the list shows each address, the default marked, with its buttons", async () => {
  await renderBook({
    "GET /account/addresses": [saved(), saved({ _id: 2, line1: "Work Street 9", isDefault: false })],
  });

  const home = await screen.findByRole("listitem", { name: HOME });
  const work = screen.getByRole("listitem", { name: WORK });
  expect(within(home).getByText("Default")).toBeInTheDocument();
  expect(within(home).queryByRole("button", { name: "Make default" })).toBeNull();
  expect(within(work).queryByText("Default")).toBeNull();
  expect(within(work).getByRole("button", { name: "Make default" })).toBeInTheDocument();
});

test("a new address is checked with the payment form's messages before it is sent", async () => {
  const { user, calls } = await renderBook({
    "GET /account/addresses": [],
    "POST /account/addresses": [201, saved()],
  });
  await user.click(await screen.findByRole("button", { name: "Add an address" }));

  await user.type(screen.getByLabelText("Name"), "A1");
  await user.type(screen.getByLabelText("City"), "C");
  await user.click(screen.getByRole("button", { name: "Save address" }));

  expect(screen.getByText("Please enter a valid name.")).toBeInTheDocument();
  expect(screen.getByText("The city can only contain letters and spaces")).toBeInTheDocument();
  expect(screen.getByText("The state can only contain letters and spaces")).toBeInTheDocument();
  expect(screen.getByText("enter the line 1 correctly")).toBeInTheDocument();
  expect(screen.getByText("enter the postal code correctly")).toBeInTheDocument();
  expect(sent(calls, "POST")).toEqual([]);
});

test("a valid new address is sent and the book asked for again", async () => {
  let book = [];
  const { user, calls } = await renderBook({
    "GET /account/addresses": () => book,
    "POST /account/addresses": () => {
      book = [saved()];
      return [201, saved()];
    },
  });
  await user.click(await screen.findByRole("button", { name: "Add an address" }));
  await user.type(screen.getByLabelText("Name"), "Ana Runner");
  await user.type(screen.getByLabelText("State"), "Jalisco");
  await user.type(screen.getByLabelText("City"), "Guadalajara");
  await user.type(screen.getByLabelText("Line 1"), "Calle 5-B");
  await user.type(screen.getByLabelText("Postal code"), "44100");
  // The first address is the default anyway: no box to tick.
  expect(screen.queryByRole("checkbox")).toBeNull();
  await user.click(screen.getByRole("button", { name: "Save address" }));

  expect(await screen.findByRole("listitem", { name: HOME })).toBeInTheDocument();
  expect(sent(calls, "POST")[0].body).toEqual({
    name: "Ana Runner",
    state: "Jalisco",
    city: "Guadalajara",
    line1: "Calle 5-B",
    postalCode: "44100",
  });
  expect(successPopup).toHaveBeenCalledWith("Address saved");
  expect(screen.queryByRole("button", { name: "Save address" })).toBeNull();
});

test("a field the server refuses shows its message under the field; another refusal a popup", async () => {
  const { user } = await renderBook({
    "GET /account/addresses": [saved()],
    "PATCH /account/addresses/1": [400, { city: ["The city can only contain letters and spaces"] }],
  });
  const home = await screen.findByRole("listitem", { name: HOME });
  await user.click(within(home).getByRole("button", { name: "Edit" }));
  expect(screen.getByLabelText("City")).toHaveValue("Guadalajara");
  await user.click(screen.getByRole("button", { name: "Save address" }));

  expect(await screen.findByText("The city can only contain letters and spaces")).toBeInTheDocument();
  expect(screen.getByLabelText("City")).toHaveAttribute("aria-invalid", "true");
  expect(errorPopup).not.toHaveBeenCalled();
});

test("a full book is said so, and no add is offered", async () => {
  const book = Array.from({ length: 10 }, (_, n) =>
    saved({ _id: n + 1, line1: `Street ${n}`, isDefault: n === 0 }),
  );
  await renderBook({ "GET /account/addresses": book });

  expect(await screen.findByText(/Your address book is full/)).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Add an address" })).toBeNull();
});

test("an edit may make an address the default", async () => {
  const { user, calls } = await renderBook({
    "GET /account/addresses": [saved(), saved({ _id: 2, line1: "Work Street 9", isDefault: false })],
    "PATCH /account/addresses/2": saved({ _id: 2, line1: "Work Street 10" }),
  });
  const work = await screen.findByRole("listitem", { name: WORK });
  await user.click(within(work).getByRole("button", { name: "Edit" }));
  await user.clear(screen.getByLabelText("Line 1"));
  await user.type(screen.getByLabelText("Line 1"), "Work Street 10");
  await user.click(screen.getByRole("checkbox", { name: "Use it as my default address" }));
  await user.click(screen.getByRole("button", { name: "Save address" }));

  await waitFor(() => expect(sent(calls, "PATCH")).toHaveLength(1));
  expect(sent(calls, "PATCH")[0].body).toMatchObject({ line1: "Work Street 10", isDefault: true });
});

test("Make default and Delete (once confirmed) call the shop", async () => {
  const { user, calls } = await renderBook({
    "GET /account/addresses": [saved(), saved({ _id: 2, line1: "Work Street 9", isDefault: false })],
    "POST /account/addresses/2/default": saved({ _id: 2, line1: "Work Street 9" }),
    "DELETE /account/addresses/1": [204, undefined],
  });
  const work = await screen.findByRole("listitem", { name: WORK });
  await user.click(within(work).getByRole("button", { name: "Make default" }));
  await waitFor(() =>
    expect(sent(calls, "POST").map((call) => call.path)).toEqual(["/account/addresses/2/default"]),
  );

  confirmPopup.mockResolvedValueOnce(false);
  await user.click(
    within(screen.getByRole("listitem", { name: HOME })).getByRole("button", { name: "Delete" }),
  );
  await flushPromises();
  expect(sent(calls, "DELETE")).toEqual([]);

  confirmPopup.mockResolvedValueOnce(true);
  await user.click(
    within(screen.getByRole("listitem", { name: HOME })).getByRole("button", { name: "Delete" }),
  );
  await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Address deleted"));
  expect(sent(calls, "DELETE").map((call) => call.path)).toEqual(["/account/addresses/1"]);
});
