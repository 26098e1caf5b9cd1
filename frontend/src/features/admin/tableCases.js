import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { addPageCases, pagedListState } from "../../lib/pagedList";
import { signOut } from "../account/accountSlice";

// What the dashboard's tables share: each holds one page the server sent (never the whole table),
// rows change or go by the server's answer, and everything is forgotten when the admin signs out.

// A table's state: the page (pagedListState), the rows whose change is on its way (`busy`, by key),
// and `revision`, counting the changes made here: the screen loads the page again after each, so the
// table shows the server's word (new sign-ups, a page refilled after a delete).
export function tableState(listKey) {
  return { ...pagedListState(listKey), busy: [], revision: 0 };
}

// The thunk that asks for one page of `path`: `pageSize` rows from the offset it is given.
export function pageThunk(type, path, pageSize) {
  return apiThunk(type, (offset, options) => {
    const query = new URLSearchParams({ limit: pageSize, offset });
    return api.get(`${path}?${query}`, options);
  });
}

const rowKey = (row) => String(row._id);

// A call on one row: the row is busy while it is on its way; `done` writes the server's answer.
function addRowCases(builder, thunk, keyOfArg, done) {
  const settled = (state, action) => {
    const key = String(keyOfArg(action.meta.arg));
    state.busy = state.busy.filter((busy) => busy !== key);
    return key;
  };
  builder
    .addCase(thunk.pending, (state, action) => {
      state.busy.push(String(keyOfArg(action.meta.arg)));
    })
    .addCase(thunk.fulfilled, (state, action) => {
      done(state, settled(state, action), action.payload);
      state.revision += 1;
    })
    .addCase(thunk.rejected, (state, action) => {
      settled(state, action);
    });
}

// A change of one row (a toggle): the server's answer is written over the row it names; a refusal
// leaves the row as it was. `keyOfArg` names the row from the thunk's argument.
export function addRowChangeCases(builder, thunk, listKey, { keyOfArg, keyOf = rowKey }) {
  addRowCases(builder, thunk, keyOfArg, (state, key, answer) => {
    const index = state[listKey].findIndex((row) => keyOf(row) === key);
    // Merged, not replaced: an answer may carry fewer fields than the table's rows (an order's client).
    if (index !== -1) state[listKey][index] = { ...state[listKey][index], ...answer };
  });
}

// A delete (SPEC.md §4): the row of that id leaves the page and the count.
export function addRowRemovalCases(builder, thunk, listKey) {
  addRowCases(
    builder,
    thunk,
    (id) => id,
    (state, key) => {
      const before = state[listKey].length;
      state[listKey] = state[listKey].filter((row) => rowKey(row) !== key);
      state.count -= before - state[listKey].length;
    },
  );
}

// The page loads of a table, and its forgetting on sign-out: the next person on this browser must not
// see the shop's users or orders.
export function addTableCases(builder, fetchPage, listKey, initialState) {
  addPageCases(builder, fetchPage, listKey);
  const forgotten = () => initialState;
  builder.addCase(signOut.fulfilled, forgotten).addCase(signOut.rejected, forgotten);
}
