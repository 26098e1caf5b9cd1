import Swal from "sweetalert2";
import { DURATION, errorPopup, successPopup } from "../popup";

jest.mock("sweetalert2", () => ({ __esModule: true, default: { fire: jest.fn(() => Promise.resolve({})) } }));

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
