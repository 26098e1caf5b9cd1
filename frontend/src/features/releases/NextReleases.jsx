import { Link } from "react-router";
import { useReleasesQuery } from "./api";
import ReleaseCard from "./ReleaseCard";

// The home page's next releases: the three soonest, and a link to all of them; nothing when none is announced.
export default function NextReleases() {
  const { data } = useReleasesQuery();
  if (!data?.upcoming.length) return null;
  return (
    <section className="next-releases" aria-labelledby="next-releases-title">
      <h2 id="next-releases-title">NEXT RELEASES</h2>
      <ul className="release-list">
        {data.upcoming.slice(0, 3).map((release) => (
          <ReleaseCard key={release.id} release={release} />
        ))}
      </ul>
      <Link to="/releases">See all releases</Link>
    </section>
  );
}
