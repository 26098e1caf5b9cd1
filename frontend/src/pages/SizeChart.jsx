import { useDocumentTitle } from "../lib/useDocumentTitle";

// docs/PRODUCT.md §9: US / UK / EU.
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
