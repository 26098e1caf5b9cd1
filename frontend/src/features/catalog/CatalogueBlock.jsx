import { usePageOffset } from "../../lib/pagingSlice";
import { useCataloguePageQuery } from "./api";
import PagedShoeList from "./PagedShoeList";

// Every shoe of the shop, newest first, 28 a page: on the home page and on /products.
export default function CatalogueBlock({ title, titleLevel = 2 }) {
  const [offset, setOffset] = usePageOffset("catalogue");
  return (
    <PagedShoeList
      title={title}
      titleLevel={titleLevel}
      className="catalogue"
      kind="catalogue"
      useListQuery={useCataloguePageQuery}
      offset={offset}
      onPage={setOffset}
      empty="No shoes in the shop yet: come back soon."
    />
  );
}
