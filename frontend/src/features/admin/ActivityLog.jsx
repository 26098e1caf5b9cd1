import { useState } from "react";
import { usePageOffset } from "../../lib/pagingSlice";
import { actorLabel, activityFilters, changeLines, recordLabel, whenLabel } from "./activity";
import AdminTable from "./AdminTable";
import { PAGE_SIZE, useActivityPageQuery } from "./api";
import { AdminScreen } from "./forms/AdminForm";
import {
  ACTIVITY,
  ACTIVITY_HEADERS,
  ACTIVITY_INTRO,
  FILTER,
  FILTER_ACTOR,
  FILTER_KIND,
  FILTER_RECORD,
  NO_ACTIVITY,
} from "./messages";
import "./admin.css";

function Change({ entry }) {
  const lines = changeLines(entry.before, entry.after);
  if (lines.length === 0) return <span className="admin-note">—</span>;
  return (
    <ul className="activity-changes">
      {lines.map(({ field, before, after }) => (
        <li key={field}>
          <span className="activity-field">{field}</span>: {before} → {after}
        </li>
      ))}
    </ul>
  );
}

function Filters({ applied, onApply }) {
  const [draft, setDraft] = useState(applied);
  const field = (name, label) => (
    <label className="field">
      <span>{label}</span>
      <input
        type="search"
        name={name}
        value={draft[name] ?? ""}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
  );
  return (
    <form
      className="activity-filters"
      role="search"
      aria-label={FILTER}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(activityFilters(draft));
      }}
    >
      {field("actor", FILTER_ACTOR)}
      {field("kind", FILTER_KIND)}
      {field("record", FILTER_RECORD)}
      <button type="submit" className="button">
        {FILTER}
      </button>
    </form>
  );
}

// /activity (issue 26): the activity log, newest first, a page at a time: when, who, what kind, which
// record, and each value before → after; narrowed by person, kind and record. Read only: the log has
// no call that changes it. Asked afresh each time the screen opens.
export default function ActivityLog() {
  const [filters, setFilters] = useState({});
  const [offset, setOffset] = usePageOffset("adminActivity");
  const query = useActivityPageQuery(
    { limit: PAGE_SIZE.activity, offset, ...filters },
    { refetchOnMountOrArgChange: true },
  );

  const renderRow = (entry) => (
    <tr key={entry._id}>
      <td>
        <time dateTime={entry.at}>{whenLabel(entry.at)}</time>
      </td>
      <td title={entry.actorEmail || undefined}>{actorLabel(entry)}</td>
      <td>
        <code>{entry.kind}</code>
      </td>
      <td>{recordLabel(entry)}</td>
      <td>
        <Change entry={entry} />
      </td>
    </tr>
  );

  return (
    <AdminScreen title={ACTIVITY} intro={<p className="admin-note">{ACTIVITY_INTRO}</p>}>
      <Filters
        applied={filters}
        onApply={(next) => {
          setFilters(next);
          setOffset(0);
        }}
      />
      <AdminTable
        title={ACTIVITY}
        headers={ACTIVITY_HEADERS}
        query={query}
        renderRow={renderRow}
        offset={offset}
        step={PAGE_SIZE.activity}
        onPage={setOffset}
        empty={NO_ACTIVITY}
      />
    </AdminScreen>
  );
}
