import { useId, useState } from "react";
import Loading from "../../components/Loading";
import LoadError from "../../components/LoadError";
import { useBrandSizeGuideQuery } from "../../lib/brandsApi";
import { errorPopup, successPopup } from "../../lib/popup";
import { useSaveSizeGuideMutation } from "./api";
import {
  ADD_ROW,
  CANCEL_EDIT,
  NO_ANSWER,
  NOT_CHANGED,
  REMOVE_ROW,
  SAVE_SIZE_GUIDE,
  SIZE_GUIDE_EMPTY,
  START_FROM_SHOP_CHART,
  sizeGuideTitle,
} from "./messages";
import { COLUMNS, EMPTY_ROW, MAX_ROWS, shopChartRows, sizeGuideBody, sizeGuideErrors } from "./sizeGuideForm";

// A brand's own size guide (issue 31), edited whole: its rows as the shop has them now, then saved at
// once. No rows: the brand uses the shop's size chart.
export default function SizeGuideForm({ brand, onDone }) {
  const guide = useBrandSizeGuideQuery(brand._id, { refetchOnMountOrArgChange: true });
  const title = sizeGuideTitle(brand.name);
  if (guide.isError) return <LoadError what="the size guide" onRetry={guide.refetch} />;
  if (!guide.currentData || guide.isFetching) return <Loading />;
  return (
    <SizeGuideRows title={title} brandId={brand._id} initial={guide.currentData.sizeGuide} onDone={onDone} />
  );
}

function SizeGuideRows({ title, brandId, initial, onDone }) {
  const [rows, setRows] = useState(() => initial.map((row) => ({ ...EMPTY_ROW, ...row })));
  const [errors, setErrors] = useState([]);
  const [save, { isLoading }] = useSaveSizeGuideMutation();
  const titleId = useId();

  const change = (index, name, value) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [name]: value } : row)));

  const submit = async (event) => {
    event.preventDefault();
    const found = sizeGuideErrors(rows);
    setErrors(found);
    if (found.length > 0) return;
    const { data, error } = await save({ id: brandId, sizeGuide: sizeGuideBody(rows) });
    if (error) {
      // The server's word, row by row, as the form's own checks would say it.
      setErrors([error.fields?.sizeGuide ?? []].flat());
      errorPopup(NOT_CHANGED, { text: error.status ? error.message : NO_ANSWER });
      return;
    }
    successPopup(data.message);
    onDone();
  };

  return (
    <form
      className="admin-inline-form size-guide-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
    >
      <h3 id={titleId}>{title}</h3>
      {rows.length === 0 ? (
        <p>{SIZE_GUIDE_EMPTY}</p>
      ) : (
        <table className="admin-table size-guide-rows">
          <thead>
            <tr>
              {COLUMNS.map(([name, label]) => (
                <th key={name} scope="col">
                  {label}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{REMOVE_ROW}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // Rows have no id of their own; the inputs are controlled, so a removed row takes its values with it.
              <tr key={index}>
                {COLUMNS.map(([name, label]) => (
                  <td key={name}>
                    <input
                      type="text"
                      inputMode="decimal"
                      size="6"
                      aria-label={`${label}, row ${index + 1}`}
                      value={row[name]}
                      onChange={(event) => change(index, name, event.target.value)}
                    />
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="button button-small button-quiet"
                    aria-label={`${REMOVE_ROW} ${index + 1}`}
                    onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
                  >
                    {REMOVE_ROW}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {errors.length > 0 && (
        <ul className="field-error size-guide-errors" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <div className="admin-actions">
        <button
          type="button"
          className="button button-small"
          disabled={rows.length >= MAX_ROWS}
          onClick={() => setRows((current) => [...current, { ...EMPTY_ROW }])}
        >
          {ADD_ROW}
        </button>
        {rows.length === 0 && (
          <button type="button" className="button button-small" onClick={() => setRows(shopChartRows())}>
            {START_FROM_SHOP_CHART}
          </button>
        )}
        <button type="submit" className="button" disabled={isLoading}>
          {SAVE_SIZE_GUIDE}
        </button>
        <button type="button" className="button button-quiet" onClick={onDone}>
          {CANCEL_EDIT}
        </button>
      </div>
    </form>
  );
}
