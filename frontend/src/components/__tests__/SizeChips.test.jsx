import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import SizeChips from "../SizeChips";

function Chips({ initial = "" }) {
  const [size, setSize] = useState(initial);
  return <SizeChips value={size} onChange={setSize} />;
}

const chip = (name) => within(screen.getByRole("group", { name: "Size" })).getByRole("button", { name });

test("All sizes and the size chart's 12 US sizes, All sizes pressed at first", () => {
  render(<Chips />);
  const names = within(screen.getByRole("group", { name: "Size" }))
    .getAllByRole("button")
    .map((button) => button.textContent);
  expect(names).toEqual([
    "All sizes",
    "6",
    "6.5",
    "7",
    "7.5",
    "8",
    "8.5",
    "9",
    "9.5",
    "10",
    "10.5",
    "11",
    "11.5",
  ]);
  expect(chip("All sizes")).toHaveAttribute("aria-pressed", "true");
});

test("a chip chooses its size; again, or All sizes, chooses none", async () => {
  const user = userEvent.setup();
  render(<Chips />);
  await user.click(chip("9.5"));
  expect(chip("9.5")).toHaveAttribute("aria-pressed", "true");
  expect(chip("All sizes")).toHaveAttribute("aria-pressed", "false");
  await user.click(chip("9.5"));
  expect(chip("All sizes")).toHaveAttribute("aria-pressed", "true");
  await user.click(chip("10"));
  await user.click(chip("All sizes"));
  expect(chip("10")).toHaveAttribute("aria-pressed", "false");
});
