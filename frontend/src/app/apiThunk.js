import { createAsyncThunk } from "@reduxjs/toolkit";
import { ApiError } from "./api";

// A refusal by the server as a rejected action's payload: {status, code, message, fields, body}. The
// whole body is kept, as some refusals carry more than a message (the cart lines a checkout refused).
export function refusalOf(error) {
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    fields: error.fields,
    body: error.body,
  };
}

// createAsyncThunk for one API call: the thunk's abort signal reaches fetch, and a refusal by the
// server arrives in the rejected action's payload (refusalOf).
export function apiThunk(type, call) {
  return createAsyncThunk(type, async (arg, { signal, rejectWithValue }) => {
    try {
      return await call(arg, { signal });
    } catch (error) {
      if (error instanceof ApiError) return rejectWithValue(refusalOf(error));
      throw error;
    }
  });
}
