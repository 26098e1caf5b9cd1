import {
  createBrandErrors,
  createShoeErrors,
  createSizeErrors,
  modifyShoeErrors,
  salePriceError,
} from "../validators";

// The spec's words (docs/PRODUCT.md §5) are written out here, not imported, so a changed message fails a
// test.

const SHOE = {
  brand: "Nike",
  name: "Air Swift",
  color: "Black",
  price: "99.99",
  size: "9.5",
  q: "3",
  description: "Light running shoe",
  image: null,
};
const png = () => new File(["png"], "shoe.png", { type: "image/png" });

describe("Create Shoes", () => {
  test("a complete form has no errors, with or without an image", () => {
    expect(createShoeErrors(SHOE)).toEqual({});
    expect(createShoeErrors({ ...SHOE, image: png() })).toEqual({});
  });

  test("every field but the image is required, with the spec's 'Enter a valid ...'", () => {
    const empty = {
      brand: "",
      name: " ",
      color: "",
      price: "",
      size: "",
      q: "",
      description: "\n",
      image: null,
    };
    expect(createShoeErrors(empty)).toEqual({
      brand: "Enter a valid brand",
      name: "Enter a valid name",
      color: "Enter a valid color",
      price: "Enter a valid price",
      size: "Enter a valid size",
      q: "Enter a valid quantity",
      description: "Enter a valid description",
    });
  });

  test("the image is not checked", () => {
    const notAPicture = new File(["%PDF"], "catalogue.pdf", { type: "application/pdf" });
    expect(createShoeErrors({ ...SHOE, image: notAPicture })).toEqual({});
  });

  test.each(["Air Swift", "Zoom", "Café Crème", "Ñandú", "Ζεύς", "a", "A".repeat(40), "  Air  Swift  "])(
    "the name %j is taken: letters of any alphabet and spaces, 1 to 40",
    (name) => {
      expect(createShoeErrors({ ...SHOE, name })).toEqual({});
    },
  );

  test("an accent typed as a combining mark counts as part of its letter", () => {
    expect(createShoeErrors({ ...SHOE, name: "Cafe\u0301" })).toEqual({});
    expect(createShoeErrors({ ...SHOE, name: `${"e\u0301".repeat(40)}` })).toEqual({});
  });

  test.each(["Air Max 90", "Air-Swift", "Air_Swift", "Swift!", "Air.Swift"])(
    "the name %j gets the spec's 'The name can only contain letters and spaces'",
    (name) => {
      expect(createShoeErrors({ ...SHOE, name })).toEqual({
        name: "The name can only contain letters and spaces",
      });
    },
  );

  test.each([
    ["brand", "Nike 2", "The brand can only contain letters and spaces"],
    ["color", "#000", "The color can only contain letters and spaces"],
    ["description", "Light, fast.", "The description can only contain letters and spaces"],
  ])("the %s's pattern message is the server's", (field, value, message) => {
    expect(createShoeErrors({ ...SHOE, [field]: value })).toEqual({ [field]: message });
  });

  test.each([
    ["brand", "The brand can have at most 40 characters"],
    ["name", "The name can have at most 40 characters"],
    ["color", "The color can have at most 40 characters"],
    ["description", "The description can have at most 40 characters"],
  ])("a %s over 40 characters gets the server's message", (field, message) => {
    expect(createShoeErrors({ ...SHOE, [field]: "a".repeat(41) })).toEqual({ [field]: message });
  });

  test.each(["1", "99", "99.9", "99.99", "100000", "0.01", " 120 "])("the price %j is taken", (price) => {
    expect(createShoeErrors({ ...SHOE, price })).toEqual({});
  });

  test.each(["abc", "9,99", "$99", "-5", "1e3", "99.", ".5", "1 000"])(
    "the price %j gets 'Only numbers'",
    (price) => {
      expect(createShoeErrors({ ...SHOE, price })).toEqual({ price: "Only numbers" });
    },
  );

  test.each([
    ["0", "The price must be more than 0 and at most 100000"],
    ["0.00", "The price must be more than 0 and at most 100000"],
    ["100000.01", "The price must be more than 0 and at most 100000"],
    ["1".repeat(40), "The price must be more than 0 and at most 100000"],
    ["9.999", "The price can have at most 2 decimals"],
  ])("the price %j gets the server's %j", (price, message) => {
    expect(createShoeErrors({ ...SHOE, price })).toEqual({ price: message });
  });

  test.each(["1", "9", "9.5", "10", "20", "9.0"])("the size %j is taken", (size) => {
    expect(createShoeErrors({ ...SHOE, size })).toEqual({});
  });

  test.each(["nine", "9a", "9,5", "-9", "US 9"])("the size %j gets 'Only numbers'", (size) => {
    expect(createShoeErrors({ ...SHOE, size })).toEqual({ size: "Only numbers" });
  });

  test.each(["0", "0.5", "9.25", "9.3", "20.5", "21", "100"])(
    "the size %j gets the server's range message",
    (size) => {
      expect(createShoeErrors({ ...SHOE, size })).toEqual({
        size: "The size must be from 1 to 20, in half sizes",
      });
    },
  );

  test.each(["0", "1", "100000"])("the quantity %j is taken", (q) => {
    expect(createShoeErrors({ ...SHOE, q })).toEqual({});
  });

  test.each(["three", "3.5", "-1", "3 pairs"])("the quantity %j gets 'Only numbers'", (q) => {
    expect(createShoeErrors({ ...SHOE, q })).toEqual({ q: "Only numbers" });
  });

  test("a quantity over the server's limit gets its message", () => {
    expect(createShoeErrors({ ...SHOE, q: "100001" })).toEqual({
      q: "The quantity must be from 0 to 100000",
    });
  });
});

describe("Create Brand", () => {
  test.each(["Nike", "New Balance", "Saucony", "Le Coq Sportif", "Åsics", "B".repeat(40)])(
    "%j is taken",
    (name) => {
      expect(createBrandErrors({ name })).toEqual({});
    },
  );

  test("the name is required: 'Enter a valid brand name'", () => {
    expect(createBrandErrors({ name: "" })).toEqual({ name: "Enter a valid brand name" });
    expect(createBrandErrors({ name: "   " })).toEqual({ name: "Enter a valid brand name" });
  });

  test.each(["Nike2", "On-Running", "K.Swiss", "Adidas!"])(
    "%j gets 'The name can only contain letters and spaces'",
    (name) => {
      expect(createBrandErrors({ name })).toEqual({ name: "The name can only contain letters and spaces" });
    },
  );

  test("a name over 40 characters gets the server's message", () => {
    expect(createBrandErrors({ name: "B".repeat(41) })).toEqual({
      name: "The brand name can have at most 40 characters",
    });
  });
});

describe("Create size", () => {
  test.each([
    ["9", "1"],
    ["9.5", "12"],
    ["20", "100000"],
  ])("size %j with %j pairs is taken", (size, q) => {
    expect(createSizeErrors({ size, q })).toEqual({});
  });

  test("both are required", () => {
    expect(createSizeErrors({ size: "", q: " " })).toEqual({
      size: "Enter a valid size",
      q: "Enter a valid quantity",
    });
  });

  test.each(["nine", "9½", "9,5", "-9"])("the size %j gets 'The size can only contain number'", (size) => {
    expect(createSizeErrors({ size, q: "1" })).toEqual({ size: "The size can only contain number" });
  });

  test.each(["9.3", "0", "21"])("the size %j gets the server's range message", (size) => {
    expect(createSizeErrors({ size, q: "1" })).toEqual({
      size: "The size must be from 1 to 20, in half sizes",
    });
  });

  test.each(["two", "2.5", "-2"])("the quantity %j gets 'The quantity can only contain number'", (q) => {
    expect(createSizeErrors({ size: "9", q })).toEqual({ q: "The quantity can only contain number" });
  });

  test.each(["0", "100001"])("the quantity %j is outside the server's 1 to 100000", (q) => {
    expect(createSizeErrors({ size: "9", q })).toEqual({ q: "The quantity must be from 1 to 100000" });
  });
});

describe("Modify Shoes", () => {
  const MODIFY = { ...SHOE, size: "", q: "" };

  test("the pre-filled fields with no size chosen and no new image have no errors", () => {
    expect(modifyShoeErrors(MODIFY)).toEqual({});
  });

  test("each field is required with the spec's messages", () => {
    const emptied = {
      brand: "",
      name: "",
      color: "",
      price: "",
      size: "",
      q: "",
      description: "",
      image: null,
    };
    expect(modifyShoeErrors(emptied)).toEqual({
      brand: "Enter a valid brand",
      name: "Enter a valid name",
      color: "Enter a valid color",
      price: "Enter a valid price",
      description: "Enter a valid description",
    });
  });

  test("the quantity is required only once a size is chosen", () => {
    expect(modifyShoeErrors({ ...MODIFY, size: "9" })).toEqual({ q: "Enter a valid quantity" });
    expect(modifyShoeErrors({ ...MODIFY, size: "9", q: "0" })).toEqual({});
    expect(modifyShoeErrors({ ...MODIFY, size: "9", q: "x" })).toEqual({ q: "Only numbers" });
  });

  test("a quantity with no size chosen asks for the size", () => {
    expect(modifyShoeErrors({ ...MODIFY, q: "4" })).toEqual({ size: "Enter a valid size" });
  });

  test("the pattern rules are Create Shoes'", () => {
    expect(modifyShoeErrors({ ...MODIFY, name: "Air 1", price: "cheap" })).toEqual({
      name: "The name can only contain letters and spaces",
      price: "Only numbers",
    });
  });

  test.each(["image/png", "image/jpeg", "image/webp", "image/gif"])("a new %s image is taken", (type) => {
    expect(modifyShoeErrors({ ...MODIFY, image: new File(["x"], "shoe", { type }) })).toEqual({});
  });

  test.each([
    ["a PDF", "application/pdf"],
    ["an SVG", "image/svg+xml"],
    ["a file of no known type", ""],
  ])("%s as the new image gets 'Add a valid image'", (_, type) => {
    expect(modifyShoeErrors({ ...MODIFY, image: new File(["x"], "file", { type }) })).toEqual({
      image: "Add a valid image",
    });
  });
});

describe("Sale price", () => {
  const BELOW = "The sale price must be below the price";

  test.each([
    ["", "99.99", null],
    ["  ", "99.99", null],
    ["79.50", "99.99", null],
    ["99.98", "99.99", null],
    ["99.99", "99.99", BELOW],
    ["120", "99.99", BELOW],
    ["0", "99.99", BELOW],
    ["cheap", "99.99", "Only numbers"],
    ["9.999", "99.99", "The price can have at most 2 decimals"],
    // A price in error has its own message; the sale price is not held to it then.
    ["50", "", null],
  ])("%p with the price %p: %p", (salePrice, price, message) => {
    expect(salePriceError({ salePrice, price })).toBe(message);
  });

  test("both shoe forms check it", () => {
    const shoe = { ...SHOE, salePrice: "100" };
    expect(createShoeErrors(shoe)).toEqual({ salePrice: BELOW });
    expect(modifyShoeErrors({ ...shoe, size: "", q: "" })).toEqual({ salePrice: BELOW });
    expect(createShoeErrors({ ...SHOE, salePrice: "80" })).toEqual({});
  });
});
