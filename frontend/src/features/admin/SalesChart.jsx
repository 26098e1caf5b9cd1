import { useId } from "react";
import { formatCents } from "../../lib/money";
import { barTitle, CHART_TITLE, chartDescription } from "./messages";
import { CHART_SIZE, chartBars, chartSummary } from "./chartBars";

// Sales by day for the last 30 days as SVG bars (no chart library): named and described in words for
// those who cannot see it; each bar names its day when pointed at.
export default function SalesChart({ days }) {
  const id = useId();
  const bars = chartBars(days);
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  return (
    <figure className="sales-chart">
      <svg
        viewBox={`0 0 ${CHART_SIZE.width} ${CHART_SIZE.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}title`}
        aria-describedby={`${id}desc`}
      >
        <title id={`${id}title`}>{CHART_TITLE}</title>
        <desc id={`${id}desc`}>{chartDescription(chartSummary(days), formatCents)}</desc>
        {bars.map((bar) => (
          <rect key={bar.date} x={bar.x} y={bar.y} width={bar.width} height={bar.height}>
            <title>{barTitle(bar, formatCents)}</title>
          </rect>
        ))}
      </svg>
      <figcaption className="sales-chart-caption">
        <span>{first}</span>
        <span>{CHART_TITLE}</span>
        <span>{last}</span>
      </figcaption>
    </figure>
  );
}
