import { screen } from "@testing-library/react";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import ChatHelp from "../ChatHelp";

test("Help leads to the size chart, with a leading slash", async () => {
  const { user } = renderWithProviders({ element: <ChatHelp /> });
  await user.click(screen.getByRole("button", { name: "Help" }));
  const chat = screen.getByRole("dialog", { name: "Chat help" });
  expect(chat).toHaveTextContent("What can I do for you?");

  await user.click(screen.getByRole("button", { name: "Help" }));
  await user.click(screen.getByRole("button", { name: "Shoe size" }));
  expect(screen.getByRole("link", { name: "Open the size chart" })).toHaveAttribute("href", "/sizeChart");
});

test("Information tells how the sneakers are authenticated", async () => {
  const { user } = renderWithProviders({ element: <ChatHelp /> });
  await user.click(screen.getByRole("button", { name: "Help" }));
  await user.click(screen.getByRole("button", { name: "Information" }));
  await user.click(screen.getByRole("button", { name: "Authentication" }));
  expect(
    screen.getByText("Our sneakers are 100% legitimate, authenticated by a resale marketplace"),
  ).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Something else" }));
  expect(screen.getByRole("button", { name: "Bug" })).toBeInTheDocument();
});

test("Bug points to the contact form, and following a link closes the chat", async () => {
  const { user, router } = renderWithProviders({ element: <ChatHelp /> });
  await user.click(screen.getByRole("button", { name: "Help" }));
  await user.click(screen.getByRole("button", { name: "Bug" }));
  await user.click(screen.getByRole("link", { name: "Report it on the contact form" }));
  expect(router.state.location.pathname).toBe("/contactUs");
});

test("the cross closes it", async () => {
  const { user } = renderWithProviders({ element: <ChatHelp /> });
  await user.click(screen.getByRole("button", { name: "Help" }));
  await user.click(screen.getByRole("button", { name: "Close the chat" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});
