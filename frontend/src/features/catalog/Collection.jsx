import { useEffect, useId } from "react";
import { useDispatch, useSelector } from "react-redux";
import { useParams } from "react-router";
import { useDocumentTitle } from "../../app/useDocumentTitle";
import { PAGE_SIZE, RESET_BELOW } from "../../lib/paging";
import {
  collectionOpened,
  collectionPageChanged,
  colorChanged,
  fetchCollectionColors,
  fetchCollectionPage,
  selectCollection,
  sortChanged,
  SORTS,
} from "./collectionSlice";
import { selectBrandName } from "./brandsSlice";
import PagedShoeList from "./PagedShoeList";

// /colletions/{brand}: one brand's shoes, 6 a page, sorted by price and filtered by color (SPEC.md §2).
export default function Collection() {
  const { brand } = useParams();
  const dispatch = useDispatch();
  const collection = useSelector(selectCollection);
  const brandName = useSelector((state) => selectBrandName(state, brand));
  const { sort, color, offset } = collection;
  // Until collectionOpened has run, the slice may still hold the brand seen last.
  const opened = collection.brand === brand;
  const sortId = useId();
  const colorId = useId();
  useDocumentTitle(`${brandName} collection`);

  useEffect(() => {
    dispatch(collectionOpened(brand));
  }, [dispatch, brand]);

  useEffect(() => {
    if (!opened) return undefined;
    const request = dispatch(fetchCollectionColors(brand));
    return () => request.abort();
  }, [dispatch, brand, opened]);

  useEffect(() => {
    if (!opened) return undefined;
    const request = dispatch(fetchCollectionPage({ brand, sort, color, offset }));
    return () => request.abort();
  }, [dispatch, brand, opened, sort, color, offset]);

  return (
    <section className="collection">
      <h1 className="page-title">COLLECTION</h1>
      <p className="collection-brand">{brandName}</p>
      <div className="collection-controls">
        <div className="field-inline">
          <label htmlFor={sortId}>Sort by price</label>
          <select id={sortId} value={sort} onChange={(event) => dispatch(sortChanged(event.target.value))}>
            <option value={SORTS.none}>Newest first</option>
            <option value={SORTS.cheapestFirst}>Price: low to high</option>
            <option value={SORTS.dearestFirst}>Price: high to low</option>
          </select>
        </div>
        <div className="field-inline">
          <label htmlFor={colorId}>Color</label>
          <select id={colorId} value={color} onChange={(event) => dispatch(colorChanged(event.target.value))}>
            <option value="">All colors</option>
            {collection.colors.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedShoeList
        shoes={opened ? collection.catalogBrand : []}
        status={opened ? collection.status : "loading"}
        count={collection.count}
        offset={offset}
        step={PAGE_SIZE.collection}
        resetBelow={RESET_BELOW.collection}
        onPage={(newOffset) => dispatch(collectionPageChanged(newOffset))}
        onRetry={() => dispatch(fetchCollectionPage({ brand, sort, color, offset }))}
        empty={color ? `No ${brandName} shoes in ${color} right now.` : `No ${brandName} shoes right now.`}
      />
    </section>
  );
}
