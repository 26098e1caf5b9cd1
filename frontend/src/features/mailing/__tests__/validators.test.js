import {
  CONTACT_EMAIL_INVALID,
  CONTACT_MESSAGE_INVALID,
  CONTACT_NAME_INVALID,
  NEWSLETTER_INVALID,
} from "../messages";
import { contactErrors, newsletterError } from "../validators";

describe("newsletter email", () => {
  test.each(["ana@example.com", " ana@example.com ", "a@b"])("%j is taken", (email) => {
    expect(newsletterError(email)).toBeNull();
  });

  test.each(["", "ana.example.com", "ana@", "@example.com", "ana @example.com", "ana@@example.com"])(
    "%j gets 'Use a valid email'",
    (email) => {
      expect(newsletterError(email)).toBe(NEWSLETTER_INVALID);
      expect(NEWSLETTER_INVALID).toBe("Use a valid email");
    },
  );
});

describe("contact form", () => {
  const good = { name: "Jane", email: "jane@example.com", message: "x".repeat(20) };

  test("a complete form has no errors", () => {
    expect(contactErrors(good)).toEqual({});
    expect(contactErrors({ ...good, message: "x".repeat(500) })).toEqual({});
  });

  test("every field is required", () => {
    expect(contactErrors({ name: " ", email: "", message: "" })).toEqual({
      name: CONTACT_NAME_INVALID,
      email: CONTACT_EMAIL_INVALID,
      message: CONTACT_MESSAGE_INVALID,
    });
  });

  test.each([
    ["19 characters", "x".repeat(19)],
    ["501 characters", "x".repeat(501)],
    ["19 characters between blanks", `   ${"x".repeat(19)}   `],
  ])("a message of %s is refused", (_, message) => {
    expect(contactErrors({ ...good, message })).toEqual({ message: CONTACT_MESSAGE_INVALID });
    expect(CONTACT_MESSAGE_INVALID).toBe("The message must be 20 to 500 characters");
  });

  test("a name longer than the server keeps is refused", () => {
    expect(contactErrors({ ...good, name: "J".repeat(81) })).toEqual({ name: CONTACT_NAME_INVALID });
  });

  test("an address without @ is refused", () => {
    expect(contactErrors({ ...good, email: "jane.example.com" })).toEqual({ email: CONTACT_EMAIL_INVALID });
  });
});
