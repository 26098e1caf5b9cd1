import Swal from "sweetalert2/dist/sweetalert2.esm.js";
import { confirmPopup, DURATION, errorPopup, successPopup } from "../popup";

jest.mock("sweetalert2/dist/sweetalert2.esm.js", () => ({
  __esModule: true,
  default: { fire: jest.fn(() => Promise.resolve({})) },
}));

beforeEach(() => Swal.fire.mockClear());

test("an error popup closes by itself after 3 s, with no button to press", async () => {
  await errorPopup("Add size");
  expect(Swal.fire).toHaveBeenCalledWith(
    expect.objectContaining({ icon: "error", title: "Add size", timer: 3000, showConfirmButton: false }),
  );
});

test("a success popup after 2 s", async () => {
  await successPopup("Your shoe add to cart");
  expect(Swal.fire).toHaveBeenCalledWith(
    expect.objectContaining({ icon: "success", title: "Your shoe add to cart", timer: 2000 }),
  );
});

test("the spec's durations", () => {
  expect(DURATION).toEqual({ error: 3000, success: 2000, payment: 5000 });
});

test("a confirm popup has two buttons and says which one was pressed", async () => {
  Swal.fire.mockResolvedValueOnce({ isConfirmed: true }).mockResolvedValueOnce({ isDismissed: true });
  const question = {
    title: "Confirm this payment",
    text: "Sure?",
    confirmButtonText: "Confirm",
    cancelButtonText: "Cancel",
  };
  await expect(confirmPopup(question)).resolves.toBe(true);
  await expect(confirmPopup(question)).resolves.toBe(false);
  expect(Swal.fire).toHaveBeenCalledWith(
    expect.objectContaining({ ...question, showCancelButton: true, allowOutsideClick: false }),
  );
});
