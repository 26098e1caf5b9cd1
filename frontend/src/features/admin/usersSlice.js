import { createSlice } from "@reduxjs/toolkit";
import { rootReducer } from "../../app/store";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";
import { pageChanged } from "../../lib/pagedList";
import { addRowChangeCases, addTableCases, pageThunk, tableState } from "./tableCases";

// The dashboard's Users table (SPEC.md §2, §4 'User status'): newest first, 4 a page; an admin
// enables or disables an account and sets its manager flag. The server refuses the admin's own account
// and staff accounts (409) and the shop's owners (403); the table shows its reason.

export const USERS_PAGE_SIZE = 4;

export const fetchUsersPage = pageThunk("users/pageRequested", "/users", USERS_PAGE_SIZE);

export const setUserStatus = apiThunk("users/statusChanged", ({ id, status }, options) =>
  api.put(`/users/${id}`, { status }, options),
);

export const setUserManager = apiThunk("users/managerChanged", ({ id, manager }, options) =>
  api.put(`/users/${id}`, { manager }, options),
);

const initialState = tableState("users");

const usersSlice = createSlice({
  name: "users",
  initialState,
  reducers: { pageChanged },
  extraReducers: (builder) => {
    addTableCases(builder, fetchUsersPage, "users", initialState);
    for (const thunk of [setUserStatus, setUserManager]) {
      addRowChangeCases(builder, thunk, "users", { keyOfArg: (arg) => arg.id });
    }
  },
  selectors: { selectUsers: (state) => state },
});

// Injected into the shop's store when the admin chunk loads.
const injected = usersSlice.injectInto(rootReducer);

export const { pageChanged: usersPageChanged } = usersSlice.actions;
export const { selectUsers } = injected.selectors;
