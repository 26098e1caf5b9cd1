import {
  addressFields,
  addressLabel,
  defaultAddress,
  EMPTY_ADDRESS,
  sameAddress,
  savedMatching,
} from "../savedAddresses";

const home = {
  _id: 1,
  name: "Ana Runner",
  state: "Jalisco",
  city: "Guadalajara",
  line1: "Calle 5-B",
  postalCode: "44100",
  country: "US",
  isDefault: false,
};
const work = { ...home, _id: 2, line1: "Work Street 9", isDefault: true };

test("a saved address as the payment form's fields, without its id, country or default", () => {
  expect(addressFields(home)).toEqual({
    name: "Ana Runner",
    state: "Jalisco",
    city: "Guadalajara",
    line1: "Calle 5-B",
    postalCode: "44100",
  });
  expect(addressFields(null)).toEqual(EMPTY_ADDRESS);
});

test("the same address whatever the spaces around or the form of its accents", () => {
  const typed = { ...addressFields(home), city: " Guadalajara ", name: "Ana Runner" };
  expect(sameAddress(home, typed)).toBe(true);
  expect(sameAddress({ ...home, name: "Jose\u0301" }, { ...home, name: "José" })).toBe(true);
  expect(sameAddress(home, { ...typed, line1: "Calle 5-C" })).toBe(false);
});

test("the saved address the fields are, if any", () => {
  expect(savedMatching([home, work], addressFields(work))).toBe(work);
  expect(savedMatching([home, work], EMPTY_ADDRESS)).toBeNull();
  expect(savedMatching(undefined, EMPTY_ADDRESS)).toBeNull();
});

test("the default first, else the first, else none", () => {
  expect(defaultAddress([home, work])).toBe(work);
  expect(defaultAddress([home])).toBe(home);
  expect(defaultAddress([])).toBeNull();
});

test("one line of it for the picker and the list", () => {
  expect(addressLabel(home)).toBe("Ana Runner, Calle 5-B, Guadalajara, Jalisco 44100");
});
