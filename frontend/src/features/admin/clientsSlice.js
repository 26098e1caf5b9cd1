import { createSlice } from "@reduxjs/toolkit";
import { rootReducer } from "../../app/store";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { pageChanged } from "../../lib/pagedList";
import { addRowChangeCases, addTableCases, pageThunk, tableState } from "./tableCases";

// The dashboard's Clients / orders table (SPEC.md §2, §4 'Order status'): the paid orders, newest
// first, 4 a page, each with its client; an admin moves one between Pending and Received. The order
// an admin opens on /orders is the selection's (selectionSlice's orderSelected).

export const CLIENTS_PAGE_SIZE = 4;
export const ORDER_STATUSES = Object.freeze(["Pending", "Received"]);

export const fetchClientsPage = pageThunk("clients/pageRequested", "/cart", CLIENTS_PAGE_SIZE);

export const setOrderStatus = apiThunk("clients/orderStatusChanged", ({ idPayment, status }, options) =>
  api.put(`/cart/order/${encodeURIComponent(idPayment)}`, { status }, options),
);

const initialState = tableState("clients");

const clientsSlice = createSlice({
  name: "clients",
  initialState,
  reducers: { pageChanged },
  extraReducers: (builder) => {
    addTableCases(builder, fetchClientsPage, "clients", initialState);
    addRowChangeCases(builder, setOrderStatus, "clients", {
      keyOfArg: (arg) => arg.idPayment,
      keyOf: (order) => order.idPayment,
    });
  },
  selectors: { selectClients: (state) => state },
});

const injected = clientsSlice.injectInto(rootReducer);

export const { pageChanged: clientsPageChanged } = clientsSlice.actions;
export const { selectClients } = injected.selectors;

// The status a press on the order's toggle asks for.
export const otherOrderStatus = (status) => (status === "Received" ? "Pending" : "Received");
