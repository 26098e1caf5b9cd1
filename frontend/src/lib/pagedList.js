import { isLatest, requestFailed, requestStarted, requestSucceeded } from "./latestRequest";
import { offsetAfterLoad } from "./paging";

// A list the server sends a page at a time: the page under `listKey`, the list's length, the offset
// the shopper is at, and where the newest request stands.
export function pagedListState(listKey) {
  return { [listKey]: [], count: 0, offset: 0, status: "idle", requestId: null, error: null };
}

// Previous and Next set the offset; the screen then asks for that page.
export function pageChanged(state, action) {
  state.offset = action.payload;
}

// The cases of a thunk that loads a page ({count, results}) into the list, each item shaped by `shape`.
export function addPageCases(builder, thunk, listKey, shape = (item) => item) {
  builder
    .addCase(thunk.pending, requestStarted)
    .addCase(thunk.fulfilled, (state, action) => {
      if (!isLatest(state, action)) return;
      requestSucceeded(state);
      state[listKey] = action.payload.results.map(shape);
      state.count = action.payload.count;
      state.offset = offsetAfterLoad(state.offset, action.payload);
    })
    .addCase(thunk.rejected, requestFailed);
}
