import { useCallback, useEffect, useState } from "react";
import { offsetAfterLoad } from "../../lib/paging";
import { usePageOffset } from "../../lib/pagingSlice";
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

// A table's page: where it stands (kept while the admin opens a form and comes back) and the page
// there, asked afresh each time the dashboard opens so the tables show the server's word (new
// sign-ups, new orders). A page left empty (its rows gone since) goes back to the first. What
// AdminTable needs of it: {query, offset, onPage}; `limit` is its page size.
export function useAdminPage(list, usePageQuery, { limit, skip = false }) {
  const [offset, setOffset] = usePageOffset(list);
  const query = usePageQuery({ limit, offset }, { skip, refetchOnMountOrArgChange: true });
  const reset = Boolean(query.currentData) && offsetAfterLoad(offset, query.currentData) !== offset;
  useEffect(() => {
    if (reset) setOffset(0);
  }, [reset, setOffset]);
  return { query, offset, onPage: setOffset };
}

// The changes of a table's rows (a toggle, a delete): a row is busy while its change is on its way;
// the change is true once the server took it (the tables then show its word), and a refusal shows
// its reason. `send` makes the request (an API mutation).
export function useRowActions() {
  const [busy, setBusy] = useState(() => new Set());

  const mark = (key, on) =>
    setBusy((keys) => {
      const next = new Set(keys);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const act = useCallback(async (key, send, { success, refused = NOT_CHANGED } = {}) => {
    mark(String(key), true);
    const { error } = await send();
    mark(String(key), false);
    if (!error) {
      if (success) successPopup(success);
      return true;
    }
    errorPopup(refused, { text: error.status ? error.message : NO_ANSWER });
    return false;
  }, []);

  // A change that cannot be undone, asked first in the spec's words (docs/PRODUCT.md §4): 'Are you
  // sure?', then its success or the server's reason.
  const confirmed = useCallback(
    async (key, send, { text = NO_REVERT, confirmButtonText, success, refused }) => {
      const sure = await confirmPopup({
        icon: "warning",
        title: ARE_YOU_SURE,
        text,
        confirmButtonText,
        cancelButtonText: CANCEL,
      });
      return sure && act(key, send, { success, refused });
    },
    [act],
  );

  // A delete: 'Are you sure?', then 'Deleted!' or the server's reason.
  const confirmedDelete = useCallback(
    (key, send) =>
      confirmed(key, send, { confirmButtonText: YES_DELETE, success: DELETED, refused: NOT_DELETED }),
    [confirmed],
  );

  return { isBusy: (key) => busy.has(String(key)), act, confirmed, confirmedDelete };
}
