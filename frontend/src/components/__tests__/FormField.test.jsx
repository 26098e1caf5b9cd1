import { render, screen } from "@testing-library/react";
import FormField from "../FormField";

test("the label names the control; without a message it is valid and described by nothing", () => {
  render(<FormField label="City" defaultValue="" />);
  const city = screen.getByRole("textbox", { name: "City" });
  expect(city).toHaveAttribute("aria-invalid", "false");
  expect(city).not.toHaveAttribute("aria-describedby");
});

test("a message shows under the control, as an alert that describes it", () => {
  render(<FormField label="City" error="The city can only contain letters and spaces" defaultValue="9" />);
  const city = screen.getByRole("textbox", { name: "City" });
  expect(city).toHaveAttribute("aria-invalid", "true");
  expect(city).toHaveAccessibleDescription("The city can only contain letters and spaces");
  expect(screen.getByRole("alert")).toHaveTextContent("The city can only contain letters and spaces");
});

test("a hint describes the control until a message takes its place", () => {
  const { rerender } = render(<FormField as="textarea" label="Your review" hint="3 / 1000 characters" />);
  expect(screen.getByRole("textbox", { name: "Your review" })).toHaveAccessibleDescription(
    "3 / 1000 characters",
  );
  rerender(<FormField as="textarea" label="Your review" hint="3 / 1000 characters" error="Too short" />);
  expect(screen.getByRole("textbox", { name: "Your review" })).toHaveAccessibleDescription("Too short");
  expect(screen.getByText("3 / 1000 characters")).toBeInTheDocument();
});

test("a select gets its options; an id given is the control's", () => {
  render(
    <FormField as="select" id="size" label="Size" defaultValue="9">
      <option value="9">9</option>
    </FormField>,
  );
  expect(screen.getByRole("combobox", { name: "Size" })).toHaveAttribute("id", "size");
  expect(screen.getByRole("option", { name: "9" })).toBeInTheDocument();
});
