import { useDeferredValue, useEffect, useId, useRef } from "react";
import { useDispatch, useSelector } from "react-redux";
import { DataLoading } from "../../components/Loading";
import LoadError from "../../components/LoadError";
import Pager from "../../components/Pager";
import { offsetAfterLoad, PAGE_SIZE, RESET_BELOW } from "../../lib/paging";
import { listCounted, selectListCount } from "../../lib/pagingSlice";
import { usePrefetchOnIdle } from "../../lib/prefetch";
import ProductCard from "./ProductCard";

const resultsOf = (page) => page.results;
// On a list's own page (its title the page's), the cards of its first row on a large screen, its first
// two on a small one: the top of the screen.
const TOP_CARDS = 4;

// A titled grid of product cards (4 columns on large screens, 2 on small), a page at a time, with
// Previous and Next under it: the catalogue, the collection, the sale and the favorites. `kind` names
// the list's paging rules (docs/PRODUCT.md §2); `useListQuery` asks for a page ({limit, offset, ...args}),
// unless `skip`, and `shoesOf` reads its shoes. Changing the page brings the top of the list back into view.
export default function PagedShoeList({
  title,
  titleLevel = 1,
  className,
  kind,
  useListQuery,
  args,
  skip = false,
  offset,
  onPage,
  shoesOf = resultsOf,
  empty,
  children,
}) {
  const step = PAGE_SIZE[kind];
  const {
    data: answer,
    currentData,
    isError,
    isFetching,
    refetch,
  } = useListQuery({ ...args, limit: step, offset }, { skip });
  // A page of cards (28 on the home page) is drawn as a deferred update: React draws it in slices,
  // giving the browser its main thread back between them, not in one long task (docs/DESIGN.md §7).
  const data = useDeferredValue(answer);
  const titleId = useId();
  const top = useRef(null);
  const Heading = `h${titleLevel}`;
  usePrefetchOnIdle("/products/:id");

  // A list that changed under the shopper (a shoe left the sale or the brand, was sold or deleted)
  // goes back to its first page, not only when a filter changes it: its count is remembered by the
  // list's kind, so a change made while the shopper was away counts too.
  const dispatch = useDispatch();
  const countShown = useSelector((state) => selectListCount(state, kind));
  const reset = currentData && offsetAfterLoad(offset, currentData, countShown) !== offset;
  const count = currentData?.count;
  useEffect(() => {
    if (reset) onPage(0);
  }, [reset, onPage]);
  useEffect(() => {
    if (count !== undefined) dispatch(listCounted({ list: kind, count }));
  }, [dispatch, kind, count]);

  const changePage = (newOffset) => {
    onPage(newOffset);
    top.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  };

  const shoes = data ? shoesOf(data) : [];
  let grid;
  if (isError) grid = <LoadError what="the shoes" onRetry={refetch} />;
  // A window's height while the first page loads: a page of cards takes at least that, so what is
  // under the grid (the pager, the footer) never shows and then jumps away when the cards come.
  else if (!data || (isFetching && shoes.length === 0)) grid = <DataLoading />;
  else if (shoes.length === 0) grid = <p className="empty">{empty}</p>;
  else {
    grid = (
      <ul className="grid" aria-busy={isFetching}>
        {shoes.map((shoe, index) => (
          <li key={shoe._id}>
            <ProductCard
              shoe={shoe}
              headingLevel={titleLevel + 1}
              eager={titleLevel === 1 && index < TOP_CARDS}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={className} aria-labelledby={titleId}>
      <Heading id={titleId} className={titleLevel === 1 ? "page-title" : "section-title"}>
        {title}
      </Heading>
      {children}
      <div ref={top} className="paged-list">
        {grid}
        <Pager
          offset={offset}
          step={step}
          count={data?.count ?? 0}
          resetBelow={RESET_BELOW[kind]}
          onChange={changePage}
        />
      </div>
    </section>
  );
}
