// The paging rules of docs/PRODUCT.md §2 'Collection and list paging', as pure functions of an offset.

export const PAGE_SIZE = Object.freeze({ catalogue: 28, collection: 6, sale: 8, favorites: 8 });

// How far back Previous may go before it jumps to the start: the collection goes to 0 when fewer
// than 7 shoes in, sale and favorites when the offset is under 10.
export const RESET_BELOW = Object.freeze({ catalogue: 28, collection: 7, sale: 10, favorites: 10 });

export function nextOffset(offset, step, count) {
  return offset + step < count ? offset + step : offset;
}

export function previousOffset(offset, step, resetBelow = step) {
  return offset < resetBelow ? 0 : offset - step;
}

export function hasPrevious(offset) {
  return offset > 0;
}

export function hasNext(offset, step, count) {
  return offset + step < count;
}

// The offset to keep once a page ({count, results}) has loaded: back to the list's first page when the
// list changed under the shopper (docs/PRODUCT.md §2). It holds more or fewer than `countShown`, what
// it held when they were last shown it (a shoe left the sale or its brand, was deleted, became a
// favorite), or it shrank past their page, which is empty.
export function offsetAfterLoad(offset, page, countShown = page.count) {
  return page.results.length === 0 || page.count !== countShown ? 0 : offset;
}
