import Loading from "../../components/Loading";
import LoadError from "../../components/LoadError";
import ProductCard from "./ProductCard";

// A grid of product cards (4 columns on large screens, 2 on small) for a list that loads.
export default function ShoeGrid({ shoes, status, onRetry, empty }) {
  if (status === "failed") return <LoadError what="the shoes" onRetry={onRetry} />;
  if (status !== "succeeded" && shoes.length === 0) return <Loading />;
  if (status === "succeeded" && shoes.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="grid" aria-busy={status === "loading"}>
      {shoes.map((shoe) => (
        <li key={shoe._id}>
          <ProductCard shoe={shoe} />
        </li>
      ))}
    </ul>
  );
}
