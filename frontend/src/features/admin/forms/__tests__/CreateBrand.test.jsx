import { screen, waitFor } from "@testing-library/react";
import { errorPopup, successPopup } from "../../../../lib/popup";
import { installDeferredFetch, installFakeApi } from "../../../../testing/fakeApi";
import { renderWithProviders } from "../../../../testing/renderWithProviders";
import { catalogApi } from "../../../catalog/api";
import CreateBrand from "../CreateBrand";

jest.mock("../../../../lib/popup");

beforeEach(() => jest.clearAllMocks());

const CREATED = { message: "The brand Saucony was created", brand: { _id: 9, name: "Saucony" } };

function renderForm(answer = [201, CREATED]) {
  const calls = installFakeApi({ "POST /brands": answer, "GET /brands": [CREATED.brand] });
  const view = renderWithProviders({ path: "/createbrand", route: "/createbrand", element: <CreateBrand /> });
  return { ...view, calls };
}

const nameField = () => screen.getByLabelText("Brand name");
const create = (user) => user.click(screen.getByRole("button", { name: "Create" }));

test("one field for the brand name, Create and Back to Admin", () => {
  renderForm();
  expect(screen.getByRole("heading", { level: 1, name: "Create Brand" })).toBeInTheDocument();
  expect(screen.getAllByRole("textbox")).toEqual([nameField()]);
  expect(screen.getByRole("button", { name: "Create" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
});

test("an empty name and a name with more than letters get the spec's messages and nothing is sent", async () => {
  const { user, calls } = renderForm();
  await create(user);
  expect(screen.getByText("Enter a valid brand name")).toBeInTheDocument();
  await user.type(nameField(), "Nike2");
  expect(screen.getByText("The name can only contain letters and spaces")).toBeInTheDocument();
  await create(user);
  expect(calls).toEqual([]);
});

test("the form empties before the call is sent; the server's message shows and the brands are asked again", async () => {
  const pending = installDeferredFetch();
  const { user, store } = renderWithProviders({ element: <CreateBrand /> });
  // The header's BRANDS menu, as it stands on every screen.
  const menu = store.dispatch(catalogApi.endpoints.brands.initiate());
  await waitFor(() => expect(pending).toHaveLength(1));
  pending[0].answer(200, []);
  await menu;

  await user.type(nameField(), " Saucony ");
  await create(user);

  await waitFor(() => expect(pending).toHaveLength(2));
  expect(nameField()).toHaveValue("");
  expect(screen.getByRole("button", { name: "Create" })).toBeDisabled();
  const [url, init] = globalThis.fetch.mock.calls[1];
  expect([url, init.method, JSON.parse(init.body)]).toEqual(["/api/brands", "POST", { name: "Saucony" }]);

  pending[1].answer(201, CREATED);
  await waitFor(() => expect(successPopup).toHaveBeenCalledWith("The brand Saucony was created"));
  // The header's menu and the shoe forms offer the new brand.
  await waitFor(() => expect(pending).toHaveLength(3));
  expect(pending[2].url).toBe("/api/brands");
  pending[2].answer(200, [CREATED.brand]);
  await waitFor(() =>
    expect(catalogApi.endpoints.brands.select()(store.getState()).data).toEqual([CREATED.brand]),
  );
  expect(nameField()).toHaveValue("");
  expect(errorPopup).not.toHaveBeenCalled();
});

test("a refused name comes back with the server's message and the spec's failure text", async () => {
  const { user } = renderForm([400, { name: ["The brand Nike already exists"] }]);
  await user.type(nameField(), "Nike");
  await create(user);

  expect(await screen.findByText("The brand Nike already exists")).toBeInTheDocument();
  expect(nameField()).toHaveValue("Nike");
  expect(nameField()).toHaveAttribute("aria-invalid", "true");
  expect(errorPopup).toHaveBeenCalledWith("Something went wrong creating your brand", { text: undefined });
  expect(successPopup).not.toHaveBeenCalled();
});

test("a failed call of another kind shows the spec's failure text with the server's reason", async () => {
  const { user } = renderForm([
    403,
    { detail: "You are not a shop administrator.", code: "permission_denied" },
  ]);
  await user.type(nameField(), "Saucony");
  await create(user);
  await waitFor(() =>
    expect(errorPopup).toHaveBeenCalledWith("Something went wrong creating your brand", {
      text: "You are not a shop administrator.",
    }),
  );
  expect(nameField()).toHaveValue("Saucony");
});
