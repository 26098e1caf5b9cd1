import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import CardAddressForm from "../CardAddressForm";

const home = {
  _id: 1,
  name: "Ana Runner",
  state: "Jalisco",
  city: "Guadalajara",
  line1: "Calle 5-B",
  postalCode: "44100",
  country: "US",
  isDefault: true,
};
const work = {
  ...home,
  _id: 2,
  name: "Ana Works",
  state: "New York",
  line1: "Work Street 9",
  isDefault: false,
};

// The form as a screen holds it, with the address book coming in when the test says.
function Harness({ onFieldChange }) {
  const [book, setBook] = useState([]);
  return (
    <>
      <button type="button" onClick={() => setBook([home, work])}>
        The book comes
      </button>
      <CardAddressForm
        title="PAYMENT"
        submitLabel="Pay"
        busyLabel="Paying"
        savedAddresses={book}
        offerSave
        onFieldChange={onFieldChange}
        onSubmit={jest.fn()}
      />
    </>
  );
}

test("no book, no picker; a book coming to an untouched form fills it with the default, and says so", async () => {
  const user = userEvent.setup();
  const onFieldChange = jest.fn();
  render(<Harness onFieldChange={onFieldChange} />);
  expect(screen.queryByLabelText("Saved address")).toBeNull();
  expect(screen.getByRole("checkbox", { name: "Save this address" })).not.toBeChecked();

  await user.click(screen.getByRole("button", { name: "The book comes" }));

  expect(screen.getByLabelText("Saved address")).toHaveDisplayValue(
    "Ana Runner, Calle 5-B, Guadalajara, Jalisco 44100",
  );
  expect(screen.getByLabelText("Cardholder name")).toHaveValue("Ana Runner");
  expect(screen.getByLabelText("Postal code")).toHaveValue("44100");
  expect(onFieldChange).toHaveBeenCalledWith("state", "Jalisco");
  expect(screen.queryByRole("checkbox", { name: "Save this address" })).toBeNull();
});

test("what the shopper typed before the book came stays", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.type(screen.getByLabelText("Cardholder name"), "Someone Else");

  await user.click(screen.getByRole("button", { name: "The book comes" }));

  expect(screen.getByLabelText("Cardholder name")).toHaveValue("Someone Else");
  expect(screen.getByLabelText("Saved address")).toHaveDisplayValue("A new address");
  expect(screen.getByRole("checkbox", { name: "Save this address" })).toBeInTheDocument();
});

test("changing a picked address makes it a new one, which may be saved", async () => {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(screen.getByRole("button", { name: "The book comes" }));

  await user.selectOptions(screen.getByLabelText("Saved address"), "2");
  expect(screen.getByLabelText("State")).toHaveValue("New York");
  await user.type(screen.getByLabelText("Line 1"), "0");

  expect(screen.getByLabelText("Saved address")).toHaveDisplayValue("A new address");
  expect(screen.getByRole("checkbox", { name: "Save this address" })).toBeInTheDocument();
});
