import { Link } from "react-router";
import LoadError from "../../components/LoadError";
import { formatCents } from "../../lib/money";
import { CREATE_BRAND, CREATE_SHOES, ORDERS, ORDERS_HINT, SALES, SALES_HINT, SALES_REPORT } from "./messages";
import { useStatsQuery } from "./api";
import SalesChart from "./SalesChart";

function StatTile({ label, value, hint }) {
  return (
    <div className="admin-tile" role="group" aria-label={label}>
      <span className="admin-tile-label">{label}</span>
      <span className="admin-tile-value">{value}</span>
      <span className="admin-tile-hint">{hint}</span>
    </div>
  );
}

// The tiles (docs/PRODUCT.md §2): Create shoes and Create brand lead to their forms; Orders counts the pairs
// of shoes ordered, Sales sums what the shop kept of the paid orders (net of refunds, without the tax collected); the
// chart shows the last 30 days, and its figures download as the sales report.
export default function StatTiles() {
  // Asked afresh each time the dashboard opens: the figures move with every order.
  const { data: stats, isError, refetch } = useStatsQuery(undefined, { refetchOnMountOrArgChange: true });

  const pending = "…";
  return (
    <section className="admin-overview" aria-label="Overview">
      <div className="admin-tiles">
        <Link to="/createshoes" className="admin-tile admin-tile-link">
          {CREATE_SHOES}
        </Link>
        <Link to="/createbrand" className="admin-tile admin-tile-link">
          {CREATE_BRAND}
        </Link>
        <StatTile label={ORDERS} value={stats ? stats.pairs : pending} hint={ORDERS_HINT} />
        <StatTile label={SALES} value={stats ? formatCents(stats.sales) : pending} hint={SALES_HINT} />
      </div>
      {isError && <LoadError what="the shop's figures" onRetry={refetch} />}
      {stats && <SalesChart days={stats.salesByDay} />}
      {/* The chart's figures by day for the accountant: gross, discounts, shipping, tax, refunds, net. */}
      <a className="button button-quiet" href="/api/admin/sales-report.csv?days=30" download>
        {SALES_REPORT}
      </a>
    </section>
  );
}
