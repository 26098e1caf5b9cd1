import { usePageOffset } from "../../lib/pagingSlice";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useSalePageQuery } from "./api";
import PagedShoeList from "./PagedShoeList";

// /sale: the shoes on sale, cheapest first, 8 a page, loaded on entry (docs/PRODUCT.md §2).
export default function Sale() {
  const [offset, setOffset] = usePageOffset("sale");
  useDocumentTitle("On sale");
  return (
    <PagedShoeList
      title="ON SALE!"
      className="sale"
      kind="sale"
      useListQuery={useSalePageQuery}
      offset={offset}
      onPage={setOffset}
      empty="Nothing is on sale right now: deals come back often."
    />
  );
}
