import { authMessage } from "../messages";

test.each([
  ["auth/email-already-in-use", "Email already in use"],
  ["auth/weak-password", "The Password should be at least 6 characters"],
  ["auth/internal-error", "Fill the password"],
  ["auth/invalid-email", "Use a valid email"],
  ["auth/user-not-found", "User not found"],
  ["auth/wrong-password", "Wrong Password"],
  ["auth/invalid-credential", "Wrong Password"],
])("%s shows '%s' (docs/PRODUCT.md §8)", (code, message) => {
  expect(authMessage({ code, message: "something technical" })).toBe(message);
});

test("another refusal shows its own message", () => {
  expect(authMessage({ code: "throttled", message: "Too many tries" })).toBe("Too many tries");
});
