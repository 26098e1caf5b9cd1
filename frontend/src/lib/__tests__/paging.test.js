import {
  hasNext,
  hasPrevious,
  nextOffset,
  offsetAfterLoad,
  PAGE_SIZE,
  previousOffset,
  RESET_BELOW,
} from "../paging";

describe("page sizes of docs/PRODUCT.md §9", () => {
  test("collection 6, catalogue 28, sale 8, favorites 8", () => {
    expect(PAGE_SIZE).toEqual({ catalogue: 28, collection: 6, sale: 8, favorites: 8 });
  });
});

describe("collection: 6 a page", () => {
  const step = PAGE_SIZE.collection;
  const resetBelow = RESET_BELOW.collection;

  test("Next moves forward by 6", () => {
    expect(nextOffset(0, step, 20)).toBe(6);
    expect(nextOffset(6, step, 20)).toBe(12);
  });

  test("Next stays put once the list is exhausted", () => {
    expect(nextOffset(18, step, 20)).toBe(18);
    expect(nextOffset(12, step, 18)).toBe(12);
    expect(nextOffset(0, step, 6)).toBe(0);
    expect(nextOffset(0, step, 0)).toBe(0);
  });

  test("Previous moves back by 6", () => {
    expect(previousOffset(12, step, resetBelow)).toBe(6);
    expect(previousOffset(7, step, resetBelow)).toBe(1);
  });

  test("Previous goes to 0 when fewer than 7 in", () => {
    expect(previousOffset(6, step, resetBelow)).toBe(0);
    expect(previousOffset(3, step, resetBelow)).toBe(0);
    expect(previousOffset(0, step, resetBelow)).toBe(0);
  });
});

describe("sale and favorites: 8 a page", () => {
  const step = PAGE_SIZE.sale;
  const resetBelow = RESET_BELOW.sale;

  test("Next moves forward by 8 unless at the end", () => {
    expect(nextOffset(0, step, 17)).toBe(8);
    expect(nextOffset(8, step, 17)).toBe(16);
    expect(nextOffset(16, step, 17)).toBe(16);
    expect(nextOffset(8, step, 16)).toBe(8);
  });

  test("Previous goes back by 8, or to the start under 10", () => {
    expect(previousOffset(24, step, resetBelow)).toBe(16);
    expect(previousOffset(16, step, resetBelow)).toBe(8);
    expect(previousOffset(10, step, resetBelow)).toBe(2);
    expect(previousOffset(9, step, resetBelow)).toBe(0);
    expect(previousOffset(8, step, resetBelow)).toBe(0);
  });

  test("favorites page as the sale does", () => {
    expect(PAGE_SIZE.favorites).toBe(PAGE_SIZE.sale);
    expect(RESET_BELOW.favorites).toBe(RESET_BELOW.sale);
  });
});

describe("catalogue: 28 a page", () => {
  test("Next by 28, Previous by 28", () => {
    expect(nextOffset(0, PAGE_SIZE.catalogue, 60)).toBe(28);
    expect(nextOffset(56, PAGE_SIZE.catalogue, 60)).toBe(56);
    expect(previousOffset(56, PAGE_SIZE.catalogue, RESET_BELOW.catalogue)).toBe(28);
    expect(previousOffset(28, PAGE_SIZE.catalogue, RESET_BELOW.catalogue)).toBe(0);
  });
});

describe("which buttons show", () => {
  test("Previous is hidden on the first page only", () => {
    expect(hasPrevious(0)).toBe(false);
    expect(hasPrevious(6)).toBe(true);
  });

  test("Next is offered while more shoes follow", () => {
    expect(hasNext(0, 6, 7)).toBe(true);
    expect(hasNext(0, 6, 6)).toBe(false);
    expect(hasNext(6, 6, 12)).toBe(false);
  });
});

test("a list that shrank past the page goes back to its start", () => {
  expect(offsetAfterLoad(12, { results: [] })).toBe(0);
  expect(offsetAfterLoad(12, { results: [{}] })).toBe(12);
  expect(offsetAfterLoad(0, { results: [] })).toBe(0);
});

test("a list that holds more or fewer than the shopper was shown goes back to its start", () => {
  const page = { count: 19, results: [{}] };
  expect(offsetAfterLoad(8, page, 20)).toBe(0);
  expect(offsetAfterLoad(8, page, 18)).toBe(0);
  expect(offsetAfterLoad(8, page, 19)).toBe(8);
  // A list never shown before keeps the page asked.
  expect(offsetAfterLoad(8, page, undefined)).toBe(8);
});
