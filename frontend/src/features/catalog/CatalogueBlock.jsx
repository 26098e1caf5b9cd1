import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { PAGE_SIZE, RESET_BELOW } from "../../lib/paging";
import { cataloguePageChanged, fetchCataloguePage, selectCatalog } from "./catalogSlice";
import PagedShoeList from "./PagedShoeList";

// Every shoe of the shop, newest first, 28 a page: on the home page and on /products.
export default function CatalogueBlock({ title, titleLevel = 2 }) {
  const dispatch = useDispatch();
  const { shoes, count, offset, status } = useSelector(selectCatalog);
  const Heading = `h${titleLevel}`;

  useEffect(() => {
    const request = dispatch(fetchCataloguePage({ offset }));
    return () => request.abort();
  }, [dispatch, offset]);

  return (
    <section className="catalogue" aria-labelledby="catalogue-title">
      <Heading id="catalogue-title" className="section-title">
        {title}
      </Heading>
      <PagedShoeList
        shoes={shoes}
        status={status}
        count={count}
        offset={offset}
        step={PAGE_SIZE.catalogue}
        resetBelow={RESET_BELOW.catalogue}
        onPage={(newOffset) => dispatch(cataloguePageChanged(newOffset))}
        onRetry={() => dispatch(fetchCataloguePage({ offset }))}
        empty="No shoes in the shop yet: come back soon."
      />
    </section>
  );
}
