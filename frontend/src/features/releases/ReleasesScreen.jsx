import { DataLoading } from "../../components/Loading";
import LoadError from "../../components/LoadError";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useReleasesQuery } from "./api";
import ReleaseCard from "./ReleaseCard";
import { NO_RELEASES } from "./messages";

// /releases: the announced releases, upcoming (soonest first) then past (latest first).
export default function ReleasesScreen() {
  useDocumentTitle("Releases");
  const { data, isError, refetch } = useReleasesQuery();
  if (isError) return <LoadError what="the releases" onRetry={refetch} />;
  if (!data) return <DataLoading />;
  return (
    <section className="releases">
      <h1>RELEASES</h1>
      <h2>Upcoming</h2>
      {data.upcoming.length ? (
        <ul className="release-list">
          {data.upcoming.map((release) => (
            <ReleaseCard key={release.id} release={release} />
          ))}
        </ul>
      ) : (
        <p>{NO_RELEASES}</p>
      )}
      {data.past.length > 0 && (
        <>
          <h2>Past</h2>
          <ul className="release-list">
            {data.past.map((release) => (
              <ReleaseCard key={release.id} release={release} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
