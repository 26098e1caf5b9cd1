import { SIZE_CHART } from "../lib/sizes";
import { useDocumentTitle } from "../lib/useDocumentTitle";

export default function SizeChart() {
  useDocumentTitle("Size chart");
  return (
    <section className="static-page">
      <h1 className="page-title">SIZE CHART</h1>
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
      <p>Between two sizes? Take the larger one: a thick sock fills the rest.</p>
    </section>
  );
}
