import { createSlice } from "@reduxjs/toolkit";

// The search drawer's text, once typing paused: what the shop was asked for (the matches are the
// API's, searchShoes), kept so the drawer opens again on the same search.
export const searchSlice = createSlice({
  name: "search",
  initialState: { text: "" },
  reducers: {
    searched: (state, action) => {
      state.text = action.payload;
    },
  },
});

export const { searched } = searchSlice.actions;

export const selectSearchText = (state) => state.search.text;

export default searchSlice.reducer;
