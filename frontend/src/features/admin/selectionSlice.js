import { createSlice } from "@reduxjs/toolkit";
import { rootReducer } from "../../lib/rootReducer";

// What the admin picked in the dashboard's tables: the shoe that Modify Shoes and Create size work on
// (docs/PRODUCT.md §2 'Admin forms'), and the order /orders shows. Part of the admin chunk, injected on load.
const selectionSlice = createSlice({
  name: "adminSelection",
  initialState: { shoe: null, order: null },
  reducers: {
    shoeSelected: (state, action) => {
      state.shoe = action.payload;
    },
    shoeCleared: (state) => {
      state.shoe = null;
    },
    orderSelected: (state, action) => {
      state.order = action.payload;
    },
    orderCleared: (state) => {
      state.order = null;
    },
  },
  selectors: {
    selectSelectedShoe: (state) => state.shoe,
    selectSelectedOrder: (state) => state.order,
  },
});

// Injected into the shop's store the first time the admin chunk loads.
const injected = selectionSlice.injectInto(rootReducer);

export const { shoeSelected, shoeCleared, orderSelected, orderCleared } = selectionSlice.actions;
export const { selectSelectedShoe, selectSelectedOrder } = injected.selectors;
