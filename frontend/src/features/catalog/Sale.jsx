import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { PAGE_SIZE, RESET_BELOW } from "../../lib/paging";
import { useDocumentTitle } from "../../app/useDocumentTitle";
import PagedShoeList from "./PagedShoeList";
import { fetchSalePage, salePageChanged, selectSale } from "./saleSlice";

// /sale: the shoes on sale, cheapest first, 8 a page, loaded on entry (SPEC.md §2).
export default function Sale() {
  const dispatch = useDispatch();
  const { onSale, count, offset, status } = useSelector(selectSale);
  useDocumentTitle("On sale");

  useEffect(() => {
    const request = dispatch(fetchSalePage({ offset }));
    return () => request.abort();
  }, [dispatch, offset]);

  return (
    <section className="sale">
      <h1 className="page-title">ON SALE!</h1>
      <PagedShoeList
        shoes={onSale}
        status={status}
        count={count}
        offset={offset}
        step={PAGE_SIZE.sale}
        resetBelow={RESET_BELOW.sale}
        onPage={(newOffset) => dispatch(salePageChanged(newOffset))}
        onRetry={() => dispatch(fetchSalePage({ offset }))}
        empty="Nothing is on sale right now: deals come back often."
      />
    </section>
  );
}
