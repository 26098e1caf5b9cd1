import { Link, useSearchParams } from "react-router";
import { DataLoading } from "../components/Loading";
import LoadError from "../components/LoadError";
import { useBrandSizeGuideQuery } from "../lib/brandsApi";
import { SIZE_CHART } from "../lib/sizes";
import { useDocumentTitle } from "../lib/useDocumentTitle";

const BETWEEN_SIZES = "Between two sizes? Take the larger one: a thick sock fills the rest.";

// /sizeChart: the spec's US / UK / EU chart (docs/PRODUCT.md §9). With ?brand={id} (a shoe's page links
// it, issue 31), that brand's own guide, or the spec's chart when the brand has none.
export default function SizeChart() {
  const [params] = useSearchParams();
  const brand = (params.get("brand") ?? "").trim();
  return /^\d{1,9}$/.test(brand) ? <BrandSizeChart id={brand} /> : <ShopSizeChart />;
}

// The spec's chart, as it has always been; `note` says why a brand's page shows it.
function ShopSizeChart({ note }) {
  useDocumentTitle("Size chart");
  return (
    <section className="static-page">
      <h1 className="page-title">SIZE CHART</h1>
      {note && <p className="size-chart-note">{note}</p>}
      <p>The sizes on our shoes are US sizes. Find yours in UK and EU sizes below.</p>
      <table className="size-chart">
        <caption className="visually-hidden">Shoe sizes: US, UK and EU</caption>
        <thead>
          <tr>
            <th scope="col">US</th>
            <th scope="col">UK</th>
            <th scope="col">EU</th>
          </tr>
        </thead>
        <tbody>
          {SIZE_CHART.map(([us, uk, eu]) => (
            <tr key={us}>
              <td>{us}</td>
              <td>{uk}</td>
              <td>{eu}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{BETWEEN_SIZES}</p>
    </section>
  );
}

// A brand's page: its guide once loaded; the spec's chart for a brand without one or no longer in the shop.
function BrandSizeChart({ id }) {
  const { currentData: brand, error, isError, refetch } = useBrandSizeGuideQuery(id);
  if (isError && error.status === 404) return <ShopSizeChart />;
  if (isError) return <LoadError what="this size chart" onRetry={refetch} />;
  if (!brand) return <DataLoading />;
  if (brand.sizeGuide.length === 0) {
    return <ShopSizeChart note={`${brand.name} has no size chart of its own: these are the shop's sizes.`} />;
  }
  return <BrandGuide brand={brand} />;
}

function BrandGuide({ brand }) {
  useDocumentTitle(`${brand.name} size chart`);
  // The foot length is shown when the brand gives it for some size.
  const withCm = brand.sizeGuide.some((row) => row.cm);
  const columns = withCm ? ["US", "UK", "EU", "cm"] : ["US", "UK", "EU"];
  return (
    <section className="static-page">
      <h1 className="page-title">{brand.name.toUpperCase()} SIZE CHART</h1>
      <p>
        The sizes on our shoes are US sizes. Find yours in {brand.name}&apos;s own UK and EU sizes
        {withCm ? " and foot lengths" : ""} below.
      </p>
      <table className="size-chart">
        <caption className="visually-hidden">
          {brand.name} shoe sizes: {withCm ? "US, UK, EU and foot length in cm" : "US, UK and EU"}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {brand.sizeGuide.map((row) => (
            <tr key={row.us}>
              <td>{row.us}</td>
              <td>{row.uk}</td>
              <td>{row.eu}</td>
              {withCm && <td>{row.cm}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <p>{BETWEEN_SIZES}</p>
      <p>
        <Link to="/sizeChart">The shop&apos;s size chart</Link>
      </p>
    </section>
  );
}
