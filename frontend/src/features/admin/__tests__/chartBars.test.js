import { CHART_SIZE, chartBars, chartSummary } from "../chartBars";

const day = (date, amount, orders = amount > 0 ? 1 : 0) => ({ date, amount, orders });
const size = { width: 300, height: 100, gap: 2 };

test("the best day fills the chart's height, the others in proportion, from the bottom", () => {
  const bars = chartBars([day("d1", 1000), day("d2", 500), day("d3", 250)], size);
  expect(bars.map((bar) => bar.height)).toEqual([100, 50, 25]);
  expect(bars.map((bar) => bar.y)).toEqual([0, 50, 75]);
});

test("days share the width side by side, a gap between bars", () => {
  const bars = chartBars([day("d1", 1), day("d2", 1), day("d3", 1)], size);
  expect(bars.map((bar) => bar.x)).toEqual([1, 101, 201]);
  expect(bars.map((bar) => bar.width)).toEqual([98, 98, 98]);
});

test("a day with no sales has no bar; a tiny one stays visible", () => {
  const [empty, tiny] = chartBars([day("d1", 0), day("d2", 1), day("d3", 100000)], size);
  expect(empty).toMatchObject({ height: 0, y: 100 });
  expect(tiny.height).toBe(2);
});

test("a month without sales draws no bars, and nothing is divided by zero", () => {
  const bars = chartBars(Array.from({ length: 30 }, (_, index) => day(`d${index}`, 0)));
  expect(bars).toHaveLength(30);
  expect(bars.every((bar) => bar.height === 0 && bar.y === CHART_SIZE.height)).toBe(true);
  expect(bars.every((bar) => Number.isFinite(bar.x) && bar.width > 0)).toBe(true);
  expect(chartBars([])).toEqual([]);
});

test("the bars keep their day's figures, for their titles", () => {
  const [bar] = chartBars([day("2026-11-30", 12999, 2)], size);
  expect(bar).toMatchObject({ date: "2026-11-30", amount: 12999, orders: 2 });
});

test("the summary: the period's total and orders, and its best day", () => {
  expect(chartSummary([day("d1", 100, 1), day("d2", 300, 2), day("d3", 300, 1)])).toEqual({
    total: 700,
    orders: 4,
    best: day("d2", 300, 2),
  });
  expect(chartSummary([day("d1", 0)])).toEqual({ total: 0, orders: 0, best: null });
});
