import SizeChips from "../../components/SizeChips";
import { usePageOffset } from "../../lib/pagingSlice";
import { useCataloguePageQuery } from "./api";
import PagedShoeList from "./PagedShoeList";
import { useListSize } from "./sizeFilterSlice";

// Every shoe of the shop, newest first, 28 a page: on the home page and on /products; or those with
// pairs of the size chosen above them. `waiting` holds its page back (its loading state shown) while
// something more urgent above it loads.
export default function CatalogueBlock({ title, titleLevel = 2, waiting = false }) {
  const [offset, setOffset] = usePageOffset("catalogue");
  const [size, setSize] = useListSize("catalogue");
  return (
    <PagedShoeList
      title={title}
      titleLevel={titleLevel}
      className="catalogue"
      kind="catalogue"
      useListQuery={useCataloguePageQuery}
      args={{ size }}
      skip={waiting}
      offset={offset}
      onPage={setOffset}
      empty={size ? `No shoes in size ${size} right now.` : "No shoes in the shop yet: come back soon."}
    >
      <SizeChips value={size} onChange={setSize} />
    </PagedShoeList>
  );
}
