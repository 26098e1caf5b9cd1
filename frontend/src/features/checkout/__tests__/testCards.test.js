import {
  cardBrand,
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  formatExpiry,
  nonce,
  testCardError,
  testPaymentMethodId,
} from "../testCards";

const today = new Date(2026, 10, 22);

test.each([
  ["4242 4242 4242 4242", "pm_card_visa"],
  ["5555 5555 5555 4444", "pm_card_mastercard"],
  ["4000 0000 0000 0002", "pm_card_visa_chargeDeclined"],
  ["4000 0000 0000 9995", "pm_card_visa_chargeDeclinedInsufficientFunds"],
  ["4000 0027 6000 3184", "pm_card_authenticationRequired"],
])("%s pays as %s, with a fresh nonce each time", (number, id) => {
  const first = testPaymentMethodId(number);
  const second = testPaymentMethodId(number);
  expect(first).toMatch(new RegExp(`^${id}--[A-Za-z0-9]{8,32}$`));
  expect(second).not.toBe(first);
  expect(cardNumberError(number)).toBeNull();
});

test("any other complete number is invalid; a short one incomplete", () => {
  expect(cardNumberError("4111 1111 1111 1111")).toBe("Your card number is invalid.");
  expect(testPaymentMethodId("4111 1111 1111 1111")).toBeNull();
  expect(cardNumberError("4242 4242")).toBe("Your card number is incomplete.");
  expect(cardNumberError("")).toBe("Your card number is incomplete.");
});

test("the network shows from the first digits", () => {
  expect(cardBrand("4242")).toBe("visa");
  expect(cardBrand("5555")).toBe("mastercard");
  expect(cardBrand("2221")).toBe("mastercard");
  expect(cardBrand("3782")).toBe("amex");
  expect(cardBrand("6011")).toBeNull();
  expect(cardBrand("")).toBeNull();
});

test("numbers and dates are formatted as typed", () => {
  expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
  expect(formatCardNumber("42-42 42a")).toBe("4242 42");
  expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
  expect(formatExpiry("1230")).toBe("12/30");
  expect(formatExpiry("1")).toBe("1");
  expect(formatExpiry("12/3")).toBe("12/3");
});

test("the expiry date must be whole, a real month, and not past", () => {
  expect(expiryError("12/3", today)).toBe("Your card's expiration date is incomplete.");
  expect(expiryError("13/30", today)).toBe("Your card's expiration date is invalid.");
  expect(expiryError("10/26", today)).toBe("Your card's expiration year is in the past.");
  expect(expiryError("11/26", today)).toBeNull();
  expect(expiryError("01/30", today)).toBeNull();
});

test("the security code has 3 digits, 4 for Amex", () => {
  expect(cvcError("12", "4242")).toBe("Your card's security code is incomplete.");
  expect(cvcError("123", "4242")).toBeNull();
  expect(cvcError("123", "3782")).toBe("Your card's security code is incomplete.");
  expect(cvcError("1234", "3782")).toBeNull();
});

test("a card is accepted only when number, date and code all are", () => {
  const card = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
  expect(testCardError(card, today)).toBeNull();
  expect(testCardError({ ...card, cvc: "" }, today)).toBe("Your card's security code is incomplete.");
  expect(testCardError({ ...card, number: "4111 1111 1111 1111" }, today)).toBe(
    "Your card number is invalid.",
  );
});

test("nonces are letters and digits", () => {
  expect(nonce()).toMatch(/^[A-Za-z0-9]{16}$/);
  expect(nonce(8)).toHaveLength(8);
});
