import { useCallback, useEffect, useId } from "react";
import { useDispatch, useSelector } from "react-redux";
import { useParams } from "react-router";
import SizeChips from "../../components/SizeChips";
import { useBrandsQuery } from "../../lib/brandsApi";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { brandNameIn, useCollectionColorsQuery, useCollectionPageQuery } from "./api";
import {
  collectionOpened,
  collectionPageChanged,
  colorChanged,
  filtersCleared,
  selectCollection,
  sizeChanged,
  sortChanged,
  SORTS,
} from "./collectionSlice";
import PagedShoeList from "./PagedShoeList";

// /colletions/{brand}: one brand's shoes, 6 a page, sorted by price and filtered by color (docs/PRODUCT.md
// §2).
export default function Collection() {
  const { brand } = useParams();
  const dispatch = useDispatch();
  const collection = useSelector(selectCollection);
  const { data: brands } = useBrandsQuery();
  const { data: colors = [] } = useCollectionColorsQuery(brand);
  const brandName = brandNameIn(brands, brand);
  // Until collectionOpened has run, the slice may still hold the brand seen last.
  const opened = collection.brand === brand;
  const { sort, color, size, offset } = opened
    ? collection
    : { sort: SORTS.none, color: "", size: "", offset: 0 };
  const filtered = sort !== SORTS.none || color !== "" || size !== "";
  const sortId = useId();
  const colorId = useId();
  const changePage = useCallback((newOffset) => dispatch(collectionPageChanged(newOffset)), [dispatch]);
  useDocumentTitle(`${brandName} collection`);

  useEffect(() => {
    dispatch(collectionOpened(brand));
  }, [dispatch, brand]);

  return (
    <PagedShoeList
      // Another brand is another list: nothing of the last one shows while its first page comes.
      key={brand.toLowerCase()}
      title="COLLECTION"
      className="collection"
      kind="collection"
      useListQuery={useCollectionPageQuery}
      args={{ brand, sort, color, size }}
      skip={!opened}
      offset={offset}
      onPage={changePage}
      empty={`No ${brandName} shoes${color ? ` in ${color}` : ""}${size ? ` in size ${size}` : ""} right now.`}
    >
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
            {colors.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {filtered && (
          <button
            type="button"
            className="button button-quiet button-small"
            onClick={() => dispatch(filtersCleared())}
          >
            Clear filters
          </button>
        )}
      </div>
      <SizeChips value={size} onChange={(next) => dispatch(sizeChanged(next))} />
    </PagedShoeList>
  );
}
