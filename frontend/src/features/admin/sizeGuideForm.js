import { SIZE_CHART } from "../../lib/sizes";

// The dashboard's size guide form (issue 31): a brand's rows of US, UK, EU and cm sizes as the admin
// types them, sent whole to PUT /brands/{id}/sizeGuide. The server checks everything again, with the
// same messages (catalog/size_guides.py); these checks are for comfort.

export const MAX_ROWS = 40;
export const COLUMNS = Object.freeze([
  ["us", "US"],
  ["uk", "UK"],
  ["eu", "EU"],
  ["cm", "cm"],
]);
export const EMPTY_ROW = Object.freeze({ us: "", uk: "", eu: "", cm: "" });

const HALVES = /^\d{1,2}(\.[05]0*)?$/;
const EU = /^(\d{2})((\.[05]0*)|\s*(1\/3|2\/3|⅓|⅔))?$/;
const CM = /^\d{1,2}(\.\d0*)?$/;

const inRange = (text, pattern, low, high) =>
  pattern.test(text) && Number(text) >= low && Number(text) <= high;

function euOk(text) {
  const match = EU.exec(text);
  if (!match) return false;
  const whole = Number(match[1]);
  const more = Boolean(match[4]) || Number(match[3] ?? 0) > 0;
  return whole >= 15 && (whole < 55 || (whole === 55 && !more));
}

// The messages of what the API would refuse, each naming its row; [] when the guide can be sent.
export function sizeGuideErrors(rows) {
  if (rows.length > MAX_ROWS) {
    return [`A size guide has at most ${MAX_ROWS} rows; this one has ${rows.length}.`];
  }
  const errors = [];
  rows.forEach((row, index) => {
    const where = `Row ${index + 1}`;
    const [us, uk, eu, cm] = COLUMNS.map(([name]) => row[name].trim());
    if (!inRange(us, HALVES, 1, 22)) {
      errors.push(`${where}: the US size must be from 1 to 22 in half sizes, as 9 or 9.5.`);
    }
    if (!inRange(uk, HALVES, 0, 21)) {
      errors.push(`${where}: the UK size must be from 0 to 21 in half sizes, as 8 or 8.5.`);
    }
    if (!euOk(eu)) errors.push(`${where}: the EU size must be from 15 to 55, as 42, 42.5 or 42 2/3.`);
    if (cm && !inRange(cm, CM, 10, 40)) {
      errors.push(`${where}: the foot length must be from 10 to 40 cm, as 27 or 27.5, or left empty.`);
    }
  });
  const counts = new Map();
  for (const row of rows) {
    const us = row.us.trim();
    if (HALVES.test(us)) counts.set(Number(us), (counts.get(Number(us)) ?? 0) + 1);
  }
  for (const [us, count] of counts) {
    if (count > 1) {
      const times = count === 2 ? "twice" : `${count} times`;
      errors.push(`The US size ${us} is in the guide ${times}: give each US size one row.`);
    }
  }
  return errors;
}

// The rows as the API takes them: each size as typed, trimmed.
export const sizeGuideBody = (rows) =>
  rows.map((row) => Object.fromEntries(COLUMNS.map(([name]) => [name, row[name].trim()])));

// The spec's chart (docs/PRODUCT.md §9) as rows to start a brand's guide from; it has no foot lengths.
export const shopChartRows = () => SIZE_CHART.map(([us, uk, eu]) => ({ us, uk, eu, cm: "" }));
