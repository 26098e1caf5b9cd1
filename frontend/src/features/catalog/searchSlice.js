import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";
import { pageQuery } from "./shoes";

// How many matches the search drawer lists; a longer name narrows the rest down.
export const SEARCH_LIMIT = 10;

// The search drawer: shoes whose name contains the text, asked with the text lower-cased (SPEC.md §7).
export const searchShoes = apiThunk("search/requested", (text, options) =>
  api.get(`/shoes?${pageQuery({ limit: SEARCH_LIMIT, offset: 0, name: text.toLowerCase() })}`, options),
);

// `name` is the spec's slice: the matching shoes, or the server's plain-text answer to show as it is.
const initialState = { text: "", name: [], count: 0, status: "idle", requestId: null, error: null };

const searchSlice = createSlice({
  name: "search",
  initialState,
  reducers: {
    // The search box was emptied: no request, no results, and any answer still on its way is dropped.
    searchCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(searchShoes.pending, (state, action) => {
        requestStarted(state, action);
        state.text = action.meta.arg;
      })
      .addCase(searchShoes.fulfilled, (state, action) => {
        if (!isLatest(state, action)) return;
        requestSucceeded(state);
        const answer = action.payload;
        state.name = Array.isArray(answer?.results) ? answer.results : answer;
        state.count = Array.isArray(answer?.results) ? answer.count : 0;
      })
      .addCase(searchShoes.rejected, requestFailed);
  },
});

export const { searchCleared } = searchSlice.actions;

export const selectSearch = (state) => state.search;

export default searchSlice.reducer;
