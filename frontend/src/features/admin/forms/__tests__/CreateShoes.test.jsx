import { screen, waitFor } from "@testing-library/react";
import { errorPopup, successPopup } from "../../../../lib/popup";
import { installFakeApi, shoeFixture } from "../../../../testing/fakeApi";
import { renderWithProviders } from "../../../../testing/renderWithProviders";
import CreateShoes from "../CreateShoes";

jest.mock("../../../../lib/popup");

beforeEach(() => jest.clearAllMocks());

const BRANDS = [
  { _id: 1, name: "Nike" },
  { _id: 2, name: "New Balance" },
];
const GOOD = {
  Brand: "Nike",
  Name: "Air Swift",
  Color: "Black",
  Price: "99.99",
  Size: "9.5",
  Quantity: "3",
  Description: "Light running shoe",
};

async function renderForm(answer = [201, shoeFixture({ name: "Air Swift" })]) {
  const calls = installFakeApi({ "GET /brands": BRANDS, "POST /shoes": answer });
  const view = renderWithProviders({ path: "/createshoes", route: "/createshoes", element: <CreateShoes /> });
  // The shop's brands, offered for the brand field, have arrived.
  await waitFor(() => expect(document.querySelectorAll("datalist option")).toHaveLength(2));
  return { ...view, calls, sent: () => calls.filter((call) => call.method === "POST") };
}

async function fill(user, values = GOOD) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

const create = (user) => user.click(screen.getByRole("button", { name: "Create" }));
const fieldsOf = (formData) => Object.fromEntries(formData.entries());

test("the screen has the spec's text, the brands to pick from and Back to Admin", async () => {
  await renderForm();
  expect(
    screen.getByRole("heading", { level: 1, name: "Add some new shoes to the store!" }),
  ).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");
  expect(screen.getByLabelText("Description").tagName).toBe("TEXTAREA");
  expect(screen.getByLabelText("Image")).toHaveAttribute("type", "file");
  const list = document.getElementById(screen.getByLabelText("Brand").getAttribute("list"));
  expect([...list.querySelectorAll("option")].map((option) => option.value)).toEqual(["Nike", "New Balance"]);
});

test("an empty form shows every field's message and sends nothing", async () => {
  const { user, sent } = await renderForm();
  await create(user);
  for (const message of [
    "Enter a valid brand",
    "Enter a valid name",
    "Enter a valid color",
    "Enter a valid price",
    "Enter a valid size",
    "Enter a valid quantity",
    "Enter a valid description",
  ]) {
    expect(screen.getByText(message)).toBeInTheDocument();
  }
  expect(screen.getByLabelText("Brand")).toHaveFocus();
  expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
  expect(sent()).toEqual([]);
});

test("bad values get the rules' messages, nothing is sent, and a fixed field loses its message at once", async () => {
  const { user, sent } = await renderForm();
  await fill(user, { ...GOOD, Name: "Air Max 90", Price: "cheap", Size: "nine", Quantity: "3 pairs" });
  await create(user);
  expect(screen.getByText("The name can only contain letters and spaces")).toBeInTheDocument();
  expect(screen.getAllByText("Only numbers")).toHaveLength(3);
  expect(sent()).toEqual([]);

  await user.clear(screen.getByLabelText("Name"));
  await user.type(screen.getByLabelText("Name"), "Air Max");
  expect(screen.queryByText("The name can only contain letters and spaces")).not.toBeInTheDocument();
  expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "false");
});

test("a good form is sent as multipart with the image, toasted and emptied", async () => {
  const { user, sent } = await renderForm();
  const image = new File(["png"], "air-swift.png", { type: "image/png" });
  await fill(user, { ...GOOD, Name: "  Air Swift " });
  await user.upload(screen.getByLabelText("Image"), image);
  await create(user);

  await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Your shoe was added to store"));
  expect(sent()).toHaveLength(1);
  expect(sent()[0].path).toBe("/shoes");
  expect(sent()[0].body).toBeInstanceOf(FormData);
  expect(fieldsOf(sent()[0].body)).toEqual({
    brand: "Nike",
    name: "Air Swift",
    color: "Black",
    price: "99.99",
    salePrice: "",
    size: "9.5",
    q: "3",
    description: "Light running shoe",
    image,
  });
  for (const label of Object.keys(GOOD)) expect(screen.getByLabelText(label)).toHaveValue("");
  expect(screen.getByLabelText("Image").files).toHaveLength(0);
  expect(errorPopup).not.toHaveBeenCalled();
});

test("without an image the form sends no image field", async () => {
  const { user, sent } = await renderForm();
  await fill(user);
  await create(user);
  await waitFor(() => expect(successPopup).toHaveBeenCalled());
  expect(Object.keys(fieldsOf(sent()[0].body))).toEqual([
    "brand",
    "name",
    "description",
    "color",
    "price",
    "salePrice",
    "size",
    "q",
  ]);
});

test("the server's field messages show under their fields, with the spec's failure text; nothing typed is lost", async () => {
  const { user } = await renderForm([
    400,
    {
      brand: ["There is no brand Nikey; create it first"],
      image: ["Upload a valid image (JPEG, PNG, WebP or GIF)."],
    },
  ]);
  await fill(user, { ...GOOD, Brand: "Nikey" });
  await create(user);

  expect(await screen.findByText("There is no brand Nikey; create it first")).toBeInTheDocument();
  expect(screen.getByText("Upload a valid image (JPEG, PNG, WebP or GIF).")).toBeInTheDocument();
  expect(screen.getByLabelText("Brand")).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText("Brand")).toHaveValue("Nikey");
  expect(errorPopup).toHaveBeenCalledWith("Something went wrong creating your shoes", { text: undefined });
  expect(successPopup).not.toHaveBeenCalled();

  // Editing the field takes the server's message away.
  await user.type(screen.getByLabelText("Brand"), "s");
  expect(screen.queryByText("There is no brand Nikey; create it first")).not.toBeInTheDocument();
  expect(screen.getByText("Upload a valid image (JPEG, PNG, WebP or GIF).")).toBeInTheDocument();
});

test("a refusal of the whole request shows the spec's failure text with the server's reason", async () => {
  const { user } = await renderForm([
    403,
    { detail: "You are not a shop administrator.", code: "permission_denied" },
  ]);
  await fill(user);
  await create(user);
  await waitFor(() =>
    expect(errorPopup).toHaveBeenCalledWith("Something went wrong creating your shoes", {
      text: "You are not a shop administrator.",
    }),
  );
  expect(screen.getByLabelText("Name")).toHaveValue("Air Swift");
});

test("Back to Admin leaves for /admin", async () => {
  const { user, router } = await renderForm();
  await user.click(screen.getByRole("link", { name: "Back to Admin" }));
  expect(router.state.location.pathname).toBe("/admin");
});
