// Several requests for one list may be in flight at once (Next clicked twice, a sort changed while a
// page loads, fast typing). Only the newest request may write its answer, or an older, slower one
// would overwrite it. These case reducers keep a slice's {status, requestId, error} that way.

export function requestStarted(state, action) {
  state.status = "loading";
  state.requestId = action.meta.requestId;
  state.error = null;
}

export function isLatest(state, action) {
  return state.requestId === action.meta.requestId;
}

export function requestFailed(state, action) {
  if (!isLatest(state, action)) return;
  if (action.meta.aborted) {
    // The screen that asked was left: nothing failed, and the next visit asks again.
    state.status = "idle";
    state.requestId = null;
    return;
  }
  state.status = "failed";
  // The server's refusal, or the browser's own failure (offline).
  state.error = action.payload ?? { status: 0, message: action.error.message };
}

export function requestSucceeded(state) {
  state.status = "succeeded";
  state.requestId = null;
}
