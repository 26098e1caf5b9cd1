import { MAX_ROWS, shopChartRows, sizeGuideBody, sizeGuideErrors } from "../sizeGuideForm";

const row = (us, uk, eu, cm = "") => ({ us, uk, eu, cm });

test("sizes as brands print them pass: halves, thirds, foot lengths or none", () => {
  expect(
    sizeGuideErrors([
      row("9", "8.5", "42 2/3", "27"),
      row("9.5", "9", "43⅓", ""),
      row("1", "0", "15"),
      row("22", "21", "55", "40"),
    ]),
  ).toEqual([]);
  expect(sizeGuideErrors([])).toEqual([]);
});

test.each([
  [row("", "8", "42"), "Row 1: the US size must be from 1 to 22 in half sizes, as 9 or 9.5."],
  [row("9.25", "8", "42"), "Row 1: the US size must be from 1 to 22 in half sizes, as 9 or 9.5."],
  [row("23", "8", "42"), "Row 1: the US size must be from 1 to 22 in half sizes, as 9 or 9.5."],
  [row("9", "eight", "42"), "Row 1: the UK size must be from 0 to 21 in half sizes, as 8 or 8.5."],
  [row("9", "8", "55.5"), "Row 1: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3."],
  [row("9", "8", "55 1/3"), "Row 1: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3."],
  [row("9", "8", "14"), "Row 1: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3."],
  [
    row("9", "8", "42", "9"),
    "Row 1: the foot length must be from 10 to 40 cm, as 27 or 27.5, or left empty.",
  ],
])("%j is refused as the server would", (bad, message) => {
  expect(sizeGuideErrors([bad])).toEqual([message]);
});

test("a US size twice is named once, whatever its spelling", () => {
  expect(sizeGuideErrors([row("9", "8", "42"), row("9.0", "8", "42"), row("9", "8", "42")])).toEqual([
    "The US size 9 is in the guide 3 times: give each US size one row.",
  ]);
});

test("at most 40 rows", () => {
  const rows = Array.from({ length: MAX_ROWS + 1 }, (_, n) => row(String(1 + n / 2), "5", "40"));
  expect(sizeGuideErrors(rows)).toEqual(["A size guide has at most 40 rows; this one has 41."]);
});

test("the body is the rows trimmed; the shop's chart is the spec's rows without foot lengths", () => {
  expect(sizeGuideBody([row(" 9 ", "8 ", " 42 2/3", " ")])).toEqual([row("9", "8", "42 2/3", "")]);
  const chart = shopChartRows();
  expect(chart).toHaveLength(12);
  expect(chart[0]).toEqual(row("6", "3.5", "36"));
  expect(sizeGuideErrors(chart)).toEqual([]);
});
