import { createSlice } from "@reduxjs/toolkit";

// The search drawer's text, once typing paused: what the shop was asked for (the matches are the
// API's, searchShoes), kept so the drawer opens again on the same search.
export const searchSlice = createSlice({
  name: "search",
  initialState: { text: "", size: "" },
  reducers: {
    searched: (state, action) => {
      state.text = action.payload;
    },
    // The size chips of the drawer: only the matches with pairs of that size.
    searchSizeChosen: (state, action) => {
      state.size = action.payload;
    },
  },
});

export const { searched, searchSizeChosen } = searchSlice.actions;

export const selectSearchText = (state) => state.search.text;
export const selectSearchSize = (state) => state.search.size ?? "";

export default searchSlice.reducer;
