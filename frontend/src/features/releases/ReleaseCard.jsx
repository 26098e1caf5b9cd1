import { Link } from "react-router";
import { formatWhen, stateLabel } from "./countdown";

// One release in a list: its name, kind and state, when it opens (and closes), and its shoes.
export default function ReleaseCard({ release }) {
  return (
    <li className="release-card">
      <h3>{release.name}</h3>
      <p className="release-state">
        {stateLabel(release)} · {release.kind === "draw" ? "Draw" : "First come"} · {release.perPersonLimit}{" "}
        per person
      </p>
      <p>
        Opens {formatWhen(release.opensAt)}
        {release.closesAt && ` · closes ${formatWhen(release.closesAt)}`}
      </p>
      <ul className="release-shoes">
        {release.shoes.map((shoe) => (
          <li key={shoe._id}>
            <Link to={`/products/${shoe._id}`}>
              {shoe.brand} {shoe.name}
            </Link>{" "}
            — sizes {shoe.sizes.map((size) => size.size).join(", ")}
          </li>
        ))}
      </ul>
    </li>
  );
}
