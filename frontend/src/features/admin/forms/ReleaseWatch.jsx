import { useParams } from "react-router";
import { DataLoading } from "../../../components/Loading";
import LoadError from "../../../components/LoadError";
import { errorPopup, successPopup } from "../../../lib/popup";
import { useChangeReleaseMutation, useReleaseWatchQuery, useRunDrawMutation } from "../api";
import { AdminForm, AdminScreen } from "./AdminForm";
import { CHANGE_RELEASE_FAILED, MODIFY, RELEASE_CHANGED, RUN_DRAW } from "./messages";
import ReleaseFields from "./ReleaseFields";
import { releaseBody, releaseErrors, releaseValues, sizesRefusal } from "./releaseForm";
import { useAdminForm } from "./useAdminForm";

// The figures are asked again this often while the screen is open.
const WATCH_EVERY_MS = 5000;

function ChangeRelease({ release }) {
  const [changeRelease] = useChangeReleaseMutation();
  const form = useAdminForm({
    initial: releaseValues(release),
    validate: releaseErrors,
    send: async (values) =>
      sizesRefusal(await changeRelease({ id: release.id, body: releaseBody(values, release.shoes[0]._id) })),
    onSent: () => successPopup(RELEASE_CHANGED),
    onFailed: ({ text }) => errorPopup(CHANGE_RELEASE_FAILED, { text }),
  });
  return (
    <AdminForm title="Change it before it opens" form={form} submitLabel={MODIFY}>
      <ReleaseFields form={form} />
    </AdminForm>
  );
}

function RunDraw({ release }) {
  const [runDraw, running] = useRunDrawMutation();
  const run = async () => {
    const { data, error } = await runDraw(release.id);
    if (error) errorPopup(RUN_DRAW, { text: error.message });
    else successPopup(data.detail);
  };
  return (
    <button type="button" className="button button-buy" disabled={running.isLoading} onClick={run}>
      {RUN_DRAW}
    </button>
  );
}

// /releasewatch/:id (docs/PRODUCT.md §10): one release's figures, asked again every few seconds (per size: pairs,
// sold, entries, won; the reminders asked and sent); its form while it has not opened; "Run the draw" once a
// draw's entries have closed (beat runs it at the close anyway; a second press does nothing more).
export default function ReleaseWatch() {
  const { id } = useParams();
  const { data, isLoading, isError, refetch } = useReleaseWatchQuery(id, { pollingInterval: WATCH_EVERY_MS });
  if (isLoading) return <DataLoading />;
  if (isError || !data) return <LoadError onRetry={refetch} />;
  const { release, sizes } = data;
  return (
    <AdminScreen title={release.name} documentTitle={`Release: ${release.name}`}>
      <p className="admin-subject" role="status">
        {release.kind === "draw" ? "Draw" : "First come"}, {release.state}. Reminders: {data.reminders} asked,{" "}
        {data.remindersSent} sent.
        {release.drawSeed && ` Seed: ${release.drawSeed}`}
      </p>
      <table className="admin-table">
        <caption>Sizes</caption>
        <thead>
          <tr>
            <th scope="col">Shoe</th>
            <th scope="col">Size</th>
            <th scope="col">Pairs</th>
            <th scope="col">Sold</th>
            <th scope="col">Entries</th>
            <th scope="col">Won</th>
          </tr>
        </thead>
        <tbody>
          {sizes.map((row) => (
            <tr key={row.id}>
              <td>{row.shoe}</td>
              <td>{row.size}</td>
              <td>{row.pairs}</td>
              <td>{row.sold}</td>
              <td>{row.entries}</td>
              <td>{row.won}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {release.kind === "draw" && release.state === "closed" && <RunDraw release={release} />}
      {release.state === "upcoming" && <ChangeRelease key={release.id} release={release} />}
    </AdminScreen>
  );
}
