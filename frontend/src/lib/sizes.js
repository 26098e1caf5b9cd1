// The shop's sizes, docs/PRODUCT.md §9: US / UK / EU. The size chart page shows them all; the size
// chips of the lists offer the US ones.
export const SIZE_CHART = [
  ["6", "3.5", "36"],
  ["6.5", "4", "37"],
  ["7", "4.5", "38"],
  ["7.5", "5", "39"],
  ["8", "5.5", "40"],
  ["8.5", "6", "41"],
  ["9", "6.5", "42"],
  ["9.5", "7", "43"],
  ["10", "7.5", "44"],
  ["10.5", "8", "45"],
  ["11", "8.5", "46"],
  ["11.5", "9", "47"],
];

export const US_SIZES = SIZE_CHART.map(([us]) => us);

// The query a chosen size adds to a list: the shoes with at least one pair of it (none without a size).
export const sizeQuery = (size) => (size ? { size, inStock: "true" } : {});
