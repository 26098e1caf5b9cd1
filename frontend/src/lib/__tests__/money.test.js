import { formatCents, formatPrice, toCents } from "../money";

test("dollars become whole cents without float error", () => {
  expect(toCents(0.1) + toCents(0.2)).toBe(30);
  expect(toCents(129.99)).toBe(12999);
  expect(toCents("19.90")).toBe(1990);
});

test("prices show with $ and two decimals", () => {
  expect(formatPrice(129.99)).toBe("$129.99");
  expect(formatPrice(50)).toBe("$50.00");
  expect(formatCents(30)).toBe("$0.30");
});

test("thousands are grouped the en-US way, as in the mails", () => {
  expect(formatPrice(1234.5)).toBe("$1,234.50");
  expect(formatCents(123456789)).toBe("$1,234,567.89");
});

test("the same text as the en-US currency format, for every kind of amount", () => {
  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  for (const cents of [
    0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 99999999, 100000000, -5, -123456,
  ]) {
    expect(formatCents(cents)).toBe(usd.format(cents / 100));
  }
});
