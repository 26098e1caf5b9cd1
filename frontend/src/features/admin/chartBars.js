// The dashboard's chart of sales by day, as pure geometry: each day a bar in an SVG of the given size,
// the best day as high as the chart, an empty day as no bar at all.

export const CHART_SIZE = Object.freeze({ width: 600, height: 160, gap: 4 });

// A day that sold something stays visible, however small next to the best one.
const MIN_BAR = 2;

const round = (value) => Math.round(value * 100) / 100;

// [{date, amount (cents), orders}] -> the same days with x, y, width and height in SVG units.
export function chartBars(days, { width, height, gap } = CHART_SIZE) {
  const best = Math.max(0, ...days.map((day) => day.amount));
  const slot = days.length > 0 ? width / days.length : 0;
  return days.map((day, index) => {
    const scaled = best > 0 ? (day.amount / best) * height : 0;
    const barHeight = day.amount > 0 ? Math.max(scaled, MIN_BAR) : 0;
    return {
      ...day,
      x: round(index * slot + gap / 2),
      width: round(Math.max(slot - gap, 1)),
      y: round(height - barHeight),
      height: round(barHeight),
    };
  });
}

// What the chart says in words: the total and orders of the period, and its best day (null when
// nothing sold).
export function chartSummary(days) {
  const total = days.reduce((sum, day) => sum + day.amount, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const best = days.reduce((top, day) => (day.amount > (top?.amount ?? 0) ? day : top), null);
  return { total, orders, best };
}
