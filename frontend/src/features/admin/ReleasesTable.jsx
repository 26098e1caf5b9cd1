import { Link } from "react-router";
import AdminTable from "./AdminTable";
import { useAllReleasesQuery } from "./api";
import {
  ACTIONS,
  EDIT,
  NO_RELEASES,
  RELEASES_OPEN,
  RELEASES_PAST,
  RELEASES_UPCOMING,
  WATCH,
} from "./messages";
import { releaseGroups, releaseStateWords } from "./releaseGroups";

const HEADERS = ["Name", "State", "Opens", ACTIONS];

const when = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

// Every release, announced or not, in three tables: upcoming, open (or a draw to run) and past. Each row leads to
// the release's watch (/releasewatch/:id), where one that has not opened is also changed ("Edit").
export default function ReleasesTable() {
  const query = useAllReleasesQuery();
  const groups = releaseGroups(query.data?.releases);

  const renderRow = (release) => (
    <tr key={release.id}>
      <td>{release.name}</td>
      <td>{releaseStateWords(release)}</td>
      <td>{when(release.opensAt)}</td>
      <td>
        <div className="admin-actions">
          <Link to={`/releasewatch/${release.id}`} className="button button-small">
            {WATCH}
          </Link>
          {release.state === "upcoming" && (
            <Link
              to={`/releasewatch/${release.id}`}
              className="button button-small button-quiet"
              aria-label={`${EDIT} ${release.name}`}
            >
              {EDIT}
            </Link>
          )}
        </div>
      </td>
    </tr>
  );

  return [
    [RELEASES_UPCOMING, groups.upcoming],
    [RELEASES_OPEN, groups.open],
    [RELEASES_PAST, groups.past],
  ].map(([title, rows]) => (
    <AdminTable
      key={title}
      title={title}
      headers={HEADERS}
      query={query}
      rows={rows}
      count={rows.length}
      renderRow={renderRow}
      empty={NO_RELEASES}
      paged={false}
    />
  ));
}
