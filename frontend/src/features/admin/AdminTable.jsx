import { useId } from "react";
import Loading from "../../components/Loading";
import LoadError from "../../components/LoadError";
import Pager from "../../components/Pager";
import { DELETE, pagerLabel } from "./messages";

// One of the dashboard's tables: its title, the page of rows (or why there is none), and Previous /
// Next under it (docs/PRODUCT.md §2). `query` is the page's (useAdminPage): the rows are `rows`, or
// its page's results; `count` is its length.
export default function AdminTable({
  title,
  headers,
  query,
  rows = query.data?.results ?? [],
  count = query.data?.count ?? 0,
  renderRow,
  offset,
  step,
  empty,
  onPage,
  paged = true,
  children,
}) {
  const titleId = useId();
  let body;
  if (query.isError) body = <LoadError what={title.toLowerCase()} onRetry={query.refetch} />;
  else if (rows.length > 0) {
    body = (
      <div className="admin-table-scroll">
        <table className="admin-table">
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows.map(renderRow)}</tbody>
        </table>
      </div>
    );
  } else if (query.data && !query.isFetching) body = <p className="empty">{empty}</p>;
  else body = <Loading />;

  return (
    <section className="admin-section" aria-labelledby={titleId} aria-busy={query.isFetching}>
      <h2 id={titleId} className="section-title">
        {title}
      </h2>
      {children}
      {body}
      {paged && (
        <Pager offset={offset} step={step} count={count} onChange={onPage} label={pagerLabel(title)} />
      )}
    </section>
  );
}

// A yes/no of a row (the manager flag, on sale): a switch that shows the server's value.
export function Switch({ label, checked, disabled, onChange }) {
  return (
    <label className="admin-switch">
      <input type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={onChange} />
      <span className="visually-hidden">{label}</span>
    </label>
  );
}

// A row's Delete, asked first by the table (useConfirmedDelete).
export function DeleteButton({ busy, onClick }) {
  return (
    <button type="button" className="button button-small button-quiet" disabled={busy} onClick={onClick}>
      {DELETE}
    </button>
  );
}
