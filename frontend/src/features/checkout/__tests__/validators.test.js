import { billingDetails, fieldError, paymentErrors } from "../validators";

const valid = {
  name: "Ana Runner",
  state: "Jalisco",
  city: "Guadalajara",
  line1: "Calle 5-B",
  postalCode: "44100",
};

describe("name, state and city: letters, accented ones too, and spaces, 3 to 40", () => {
  test.each([
    ["name", "Please enter a valid name."],
    ["state", "The state can only contain letters and spaces"],
    ["city", "The city can only contain letters and spaces"],
  ])("%s says '%s' when broken", (field, message) => {
    for (const ok of [
      "Ana",
      "José Martínez",
      "Ñuñoa",
      "São Paulo",
      "Zoë Çelik",
      "a".repeat(40),
      "Émile Zola",
    ]) {
      expect(fieldError(field, ok)).toBeNull();
    }
    for (const bad of ["", "Al", "a".repeat(41), "Ana 2", "O'Brien", "Ana-María", "Ana_B", "   ", "Ana!"]) {
      expect(fieldError(field, bad)).toBe(message);
    }
  });

  test("the bounds are 3 and 40 characters", () => {
    expect(fieldError("name", "ab")).toBe("Please enter a valid name.");
    expect(fieldError("name", "abc")).toBeNull();
    expect(fieldError("city", "x".repeat(40))).toBeNull();
    expect(fieldError("city", "x".repeat(41))).toBe("The city can only contain letters and spaces");
  });

  test("an accent typed as a combining mark counts as one letter", () => {
    // "Zoé" with é as e + U+0301: four code points, three characters once composed.
    expect(fieldError("state", "Zoe\u0301")).toBeNull();
    expect(fieldError("state", `${"e\u0301".repeat(40)}`)).toBeNull();
  });
});

describe("line 1 and postal code: letters, digits, underscore, space, hyphen, 4 to 16", () => {
  test.each([
    ["line1", "enter the line 1 correctly"],
    ["postalCode", "enter the postal code correctly"],
  ])("%s says '%s' when broken", (field, message) => {
    for (const ok of ["44100", "SW1A 1AA", "Main_St 12", "12-34", "a".repeat(16), "Av Año 5"]) {
      expect(fieldError(field, ok)).toBeNull();
    }
    for (const bad of ["", "123", "a".repeat(17), "5th Ave.", "#12 Main", "12/34", "    ", "----"]) {
      expect(fieldError(field, bad)).toBe(message);
    }
  });

  test("the bounds are 4 and 16 characters", () => {
    expect(fieldError("postalCode", "123")).toBe("enter the postal code correctly");
    expect(fieldError("postalCode", "1234")).toBeNull();
    expect(fieldError("line1", "1".repeat(16))).toBeNull();
    expect(fieldError("line1", "1".repeat(17))).toBe("enter the line 1 correctly");
  });
});

test("paymentErrors names every field in error, and nothing for a valid form", () => {
  expect(paymentErrors(valid)).toEqual({});
  expect(paymentErrors({ name: "", state: "", city: "", line1: "", postalCode: "" })).toEqual({
    name: "Please enter a valid name.",
    state: "The state can only contain letters and spaces",
    city: "The city can only contain letters and spaces",
    line1: "enter the line 1 correctly",
    postalCode: "enter the postal code correctly",
  });
  expect(paymentErrors({ ...valid, city: "L4" })).toEqual({
    city: "The city can only contain letters and spaces",
  });
});

test("billingDetails is the card service's shape, postal code in the address", () => {
  expect(billingDetails({ ...valid, name: " Ana Runner " })).toEqual({
    name: "Ana Runner",
    address: { state: "Jalisco", city: "Guadalajara", line1: "Calle 5-B", postal_code: "44100" },
  });
});
