import { nextIndex, previousIndex } from "../carousel";

test("the carousel goes round both ways", () => {
  expect(nextIndex(0, 3)).toBe(1);
  expect(nextIndex(2, 3)).toBe(0);
  expect(previousIndex(0, 3)).toBe(2);
  expect(previousIndex(2, 3)).toBe(1);
});

test("with no shoe it stays at 0", () => {
  expect(nextIndex(0, 0)).toBe(0);
  expect(previousIndex(0, 0)).toBe(0);
});
