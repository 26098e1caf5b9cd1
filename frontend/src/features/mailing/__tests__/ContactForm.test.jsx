import { screen } from "@testing-library/react";
import { installFakeApi } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import ContactForm from "../ContactForm";

const MESSAGE = "My order arrived with two left shoes.";

function renderForm(answer = [201, { message: "Thanks, we got your message" }]) {
  const calls = installFakeApi({ "POST /mail/contactUs": answer });
  return { ...renderWithProviders({ element: <ContactForm /> }), calls };
}

async function fill(user, { name = "Jane", email = "jane@example.com", message = MESSAGE } = {}) {
  if (name) await user.type(screen.getByLabelText("Name"), name);
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (message) await user.type(screen.getByLabelText("Message"), message);
}

test("an empty form shows every field's message and sends nothing", async () => {
  const { user, calls } = renderForm();
  await user.click(screen.getByRole("button", { name: "Send" }));
  expect(screen.getByText("Enter your name")).toBeInTheDocument();
  expect(screen.getByText("Enter a valid email")).toBeInTheDocument();
  expect(screen.getByText("The message must be 20 to 500 characters")).toBeInTheDocument();
  expect(calls).toEqual([]);
});

test("a message under 20 characters is refused until it is long enough", async () => {
  const { user, calls } = renderForm();
  await fill(user, { message: "Too short" });
  await user.click(screen.getByRole("button", { name: "Send" }));
  expect(screen.getByText("The message must be 20 to 500 characters")).toBeInTheDocument();
  expect(calls).toEqual([]);

  await user.type(screen.getByLabelText("Message"), " but now long enough");
  expect(screen.queryByText("The message must be 20 to 500 characters")).not.toBeInTheDocument();
});

test("a good form is sent, emptied and thanked", async () => {
  const { user, calls } = renderForm();
  await fill(user);
  await user.click(screen.getByRole("button", { name: "Send" }));
  expect(calls[0].body).toEqual({ name: "Jane", email: "jane@example.com", message: MESSAGE });
  expect(await screen.findByText("Thanks, we got your message")).toBeInTheDocument();
  expect(screen.getByLabelText("Message")).toHaveValue("");
});

test("the server's field messages show beside the fields", async () => {
  const { user } = renderForm([400, { email: ["Enter a valid email"] }]);
  await fill(user, { email: "jane@example" });
  await user.click(screen.getByRole("button", { name: "Send" }));
  expect(await screen.findByText("Enter a valid email")).toBeInTheDocument();
  expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
});

test("a throttled sending says to wait", async () => {
  const { user } = renderForm([429, { detail: "Request was throttled.", code: "throttled" }]);
  await fill(user);
  await user.click(screen.getByRole("button", { name: "Send" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Too many tries from here");
});
