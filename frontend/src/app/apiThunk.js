import { createAsyncThunk } from "@reduxjs/toolkit";
import { ApiError } from "./api";

// createAsyncThunk for one API call: the thunk's abort signal reaches fetch, and a refusal by the
// server arrives in the rejected action's payload as {status, code, message, fields}.
export function apiThunk(type, call) {
  return createAsyncThunk(type, async (arg, { signal, rejectWithValue }) => {
    try {
      return await call(arg, { signal });
    } catch (error) {
      if (error instanceof ApiError) {
        return rejectWithValue({
          status: error.status,
          code: error.code,
          message: error.message,
          fields: error.fields,
        });
      }
      throw error;
    }
  });
}
