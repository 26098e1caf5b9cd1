import { screen } from "@testing-library/react";
import { successPopup } from "../../../lib/popup";
import { installFakeApi } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import NewsletterForm from "../NewsletterForm";

jest.mock("../../../lib/popup");

beforeEach(() => jest.clearAllMocks());

function renderForm(answer) {
  const calls = installFakeApi({ "POST /mail/newsletter": answer });
  return { ...renderWithProviders({ element: <NewsletterForm /> }), calls };
}

test("an address without @ gets 'Use a valid email' and is not sent", async () => {
  const { user, calls } = renderForm([200, {}]);
  await user.type(screen.getByLabelText("Get the newsletter"), "ana.example.com");
  await user.click(screen.getByRole("button", { name: "Subscribe" }));
  expect(screen.getByRole("alert")).toHaveTextContent("Use a valid email");
  expect(screen.getByLabelText("Get the newsletter")).toHaveAttribute("aria-invalid", "true");
  expect(calls).toEqual([]);
});

test("a good address is sent, thanked with 'Thanks for subscribing!' and cleared", async () => {
  const { user, calls } = renderForm([200, { message: "Thanks for subscribing!" }]);
  await user.type(screen.getByLabelText("Get the newsletter"), "ana@example.com");
  await user.click(screen.getByRole("button", { name: "Subscribe" }));
  expect(calls[0].body).toEqual({ email: "ana@example.com" });
  expect(successPopup).toHaveBeenCalledWith("Thanks for subscribing!", {
    text: "Check your inbox: follow the link we sent to confirm.",
  });
  expect(screen.getByLabelText("Get the newsletter")).toHaveValue("");
});

test("the server's refusal is shown, and typing again clears it", async () => {
  const { user } = renderForm([400, { email: ["Use a valid email"] }]);
  const input = screen.getByLabelText("Get the newsletter");
  await user.type(input, "ana@example");
  await user.click(screen.getByRole("button", { name: "Subscribe" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Use a valid email");
  expect(successPopup).not.toHaveBeenCalled();
  await user.type(input, ".com");
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("too many tries are said in words", async () => {
  const { user } = renderForm([429, { detail: "Request was throttled.", code: "throttled" }]);
  await user.type(screen.getByLabelText("Get the newsletter"), "ana@example.com");
  await user.click(screen.getByRole("button", { name: "Subscribe" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Too many tries from here");
});
