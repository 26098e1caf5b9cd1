// The activity log's lines as the /activity table shows them (GET /api/activity): who, when, and what
// changed, before → after. Pure, so Jest checks it without a browser.

// The filters as the server reads them: each without its outer spaces, the empty ones left out.
export function activityFilters({ actor = "", kind = "", record = "" } = {}) {
  const filters = {};
  for (const [name, value] of Object.entries({ actor, kind, record })) {
    const trimmed = String(value).trim();
    if (trimmed) filters[name] = trimmed;
  }
  return filters;
}

// Who did it: their name then, else their address, else the command's name ("command set_user_status").
export function actorLabel(entry) {
  return entry.actorName || entry.actorEmail || "someone";
}

// When, in UTC to the second as the log keeps it: "2026-11-27 23:57:04".
export function whenLabel(at) {
  return at ? `${at.slice(0, 10)} ${at.slice(11, 19)}` : "";
}

// The record: "shoe #12 Acme Runner", or the label alone when the line names no row (an import's file).
export function recordLabel(entry) {
  const row = entry.recordType ? `${entry.recordType} #${entry.recordId}` : "";
  return [row, entry.recordLabel].filter(Boolean).join(" ");
}

// A value as the table writes it: none as "—", text as it is, anything else as JSON.
export function valueLabel(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value === "" ? '""' : value;
  return JSON.stringify(value);
}

// Each field the line names, with its value before and after ("—" where the line has none): the order
// of `after`, then the fields only `before` has (a delete's).
export function changeLines(before, after) {
  const was = before ?? {};
  const now = after ?? {};
  const fields = [...Object.keys(now), ...Object.keys(was).filter((field) => !(field in now))];
  return fields.map((field) => ({
    field,
    before: field in was ? valueLabel(was[field]) : "—",
    after: field in now ? valueLabel(now[field]) : "—",
  }));
}
