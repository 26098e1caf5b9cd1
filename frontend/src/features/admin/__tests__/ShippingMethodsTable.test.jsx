import { screen, waitFor, within } from "@testing-library/react";
import { successPopup } from "../../../lib/popup";
import { installFakeApi } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import ShippingMethodsTable from "../ShippingMethodsTable";

jest.mock("../../../lib/popup");

const standard = {
  id: 1,
  name: "Standard",
  price: 799,
  estimate: "5 to 7 business days",
  freeAbove: 15000,
  regions: [],
  active: true,
  position: 1,
};

beforeEach(() => jest.clearAllMocks());

test("lists the methods, adds one in cents and edits one in place", async () => {
  const methods = [standard];
  const calls = installFakeApi({
    "GET /admin/shipping-methods": () => JSON.parse(JSON.stringify(methods)),
    "POST /admin/shipping-methods": ({ body }) => {
      methods.push({ id: 2, position: 0, ...body });
      return [201, methods.at(-1)];
    },
    "PUT /admin/shipping-methods/1": ({ body }) => Object.assign(methods[0], body),
  });
  const { user } = renderWithProviders({ element: <ShippingMethodsTable /> });
  const table = await screen.findByRole("table");
  expect(
    within(table).getByRole("row", { name: /Standard \$7\.99 5 to 7 business days \$150\.00 Everywhere/ }),
  ).toBeInTheDocument();

  const adding = screen.getByRole("form", { name: "Add method" });
  await user.click(within(adding).getByRole("button", { name: "Add method" }));
  expect(within(adding).getByText("Name the method, as Standard or Express.")).toBeInTheDocument();
  await user.type(within(adding).getByLabelText("Method name"), "Express");
  await user.type(within(adding).getByLabelText("Price ($)"), "19.99");
  await user.type(within(adding).getByLabelText(/^Serves/), "US");
  await user.click(within(adding).getByRole("button", { name: "Add method" }));
  await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Shipping method saved"));
  expect(calls.find((call) => call.method === "POST").body).toEqual({
    name: "Express",
    price: 1999,
    estimate: "",
    freeAbove: null,
    regions: ["US"],
    active: true,
  });
  expect(await screen.findByRole("cell", { name: "Express" })).toBeInTheDocument();

  const standardRow = screen.getByRole("row", { name: /^Standard/ });
  await user.click(within(standardRow).getByRole("button", { name: "Edit" }));
  const editing = screen.getByRole("form", { name: "Edit" });
  expect(within(editing).getByLabelText("Price ($)")).toHaveValue("7.99");
  await user.clear(within(editing).getByLabelText("Price ($)"));
  await user.type(within(editing).getByLabelText("Price ($)"), "8.49");
  await user.click(within(editing).getByRole("button", { name: "Save method" }));
  await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
  expect(calls.find((call) => call.method === "PUT").body).toMatchObject({ name: "Standard", price: 849 });
  expect(await screen.findByRole("cell", { name: "$8.49" })).toBeInTheDocument();
});
