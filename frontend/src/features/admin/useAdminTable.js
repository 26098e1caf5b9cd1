import { useCallback, useEffect } from "react";
import { useDispatch } from "react-redux";
import { confirmPopup, errorPopup, successPopup } from "../../lib/popup";
import {
  ARE_YOU_SURE,
  CANCEL,
  DELETED,
  NO_ANSWER,
  NO_REVERT,
  NOT_CHANGED,
  NOT_DELETED,
  YES_DELETE,
} from "./messages";

// What an AdminTable needs of its slice: `table` (its state), loaded by `thunk(arg)`, again when that
// changes and after each change made in the table (`revision`), with Try again and Previous / Next.
export function useTableLoad(table, pageChanged, thunk, arg) {
  const dispatch = useDispatch();
  useEffect(() => {
    const sent = dispatch(thunk(arg));
    return () => sent.abort();
  }, [dispatch, thunk, arg, table.revision]);
  return {
    list: table,
    onRetry: () => dispatch(thunk(arg)),
    onPage: (offset) => dispatch(pageChanged(offset)),
  };
}

// A change of a row (a toggle, a delete): true once the server took it; a refusal shows its reason.
export function useRowAction() {
  const dispatch = useDispatch();
  return useCallback(
    async (thunk, arg, { success, refused = NOT_CHANGED } = {}) => {
      const result = await dispatch(thunk(arg));
      if (thunk.fulfilled.match(result)) {
        if (success) successPopup(success);
        return true;
      }
      errorPopup(refused, { text: result.payload?.message ?? NO_ANSWER });
      return false;
    },
    [dispatch],
  );
}

// A delete, asked first (SPEC.md §4): 'Are you sure?', then 'Deleted!' or the server's reason.
export function useConfirmedDelete() {
  const act = useRowAction();
  return useCallback(
    async (thunk, id) => {
      const sure = await confirmPopup({
        icon: "warning",
        title: ARE_YOU_SURE,
        text: NO_REVERT,
        confirmButtonText: YES_DELETE,
        cancelButtonText: CANCEL,
      });
      return sure && act(thunk, id, { success: DELETED, refused: NOT_DELETED });
    },
    [act],
  );
}
