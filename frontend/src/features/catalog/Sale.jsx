import SizeChips from "../../components/SizeChips";
import { usePageOffset } from "../../lib/pagingSlice";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useSalePageQuery } from "./api";
import PagedShoeList from "./PagedShoeList";
import { useListSize } from "./sizeFilterSlice";

// /sale: the shoes on sale, cheapest first, 8 a page, loaded on entry (docs/PRODUCT.md §2).
export default function Sale() {
  const [offset, setOffset] = usePageOffset("sale");
  const [size, setSize] = useListSize("sale");
  useDocumentTitle("On sale");
  return (
    <PagedShoeList
      title="ON SALE!"
      className="sale"
      kind="sale"
      useListQuery={useSalePageQuery}
      args={{ size }}
      offset={offset}
      onPage={setOffset}
      empty={
        size
          ? `Nothing on sale in size ${size} right now.`
          : "Nothing is on sale right now: deals come back often."
      }
    >
      <SizeChips value={size} onChange={setSize} />
    </PagedShoeList>
  );
}
