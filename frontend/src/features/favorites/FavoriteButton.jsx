import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { HeartIcon } from "../../components/icons";
import { errorPopup, successPopup } from "../../lib/popup";
import { selectUser } from "../account/accountSlice";
import { useSignInFirst } from "../account/guards";
import { addFavorite, fetchIsFavorite, removeFavorite, selectFavoriteShoe } from "./favoritesSlice";
import {
  ADD_HINT,
  ADDED_TO_FAVORITES,
  FAVORITE,
  FAVORITES_FAILED,
  REMOVE_HINT,
  REMOVED_FROM_FAVORITES,
  SIGN_IN_FOR_FAVORITES,
} from "./messages";

// The detail screen's favorite toggle (SPEC.md §4 'Favorite button'): pressed when the shoe is a
// favorite; pressing adds or removes it with the spec's toasts. A visitor is asked to sign in first.
export default function FavoriteButton({ shoeId }) {
  const dispatch = useDispatch();
  const user = useSelector(selectUser);
  const uid = user?.idUser;
  const { isFavorite, saving, status } = useSelector((state) => selectFavoriteShoe(state, shoeId));
  const signInFirst = useSignInFirst();

  useEffect(() => {
    if (!uid) return undefined;
    const request = dispatch(fetchIsFavorite({ uid, shoeId }));
    return () => request.abort();
  }, [dispatch, uid, shoeId]);

  const pressed = Boolean(uid && isFavorite);

  const toggle = async () => {
    if (!uid) {
      signInFirst(SIGN_IN_FOR_FAVORITES);
      return;
    }
    const thunk = pressed ? removeFavorite : addFavorite;
    const result = await dispatch(thunk({ uid, shoeId }));
    if (thunk.fulfilled.match(result)) successPopup(pressed ? REMOVED_FROM_FAVORITES : ADDED_TO_FAVORITES);
    else if (result.payload?.status === 401) signInFirst(SIGN_IN_FOR_FAVORITES);
    else errorPopup(FAVORITES_FAILED, { text: result.payload?.message });
  };

  return (
    <button
      type="button"
      className="button favorite-button"
      aria-pressed={pressed}
      title={pressed ? REMOVE_HINT : ADD_HINT}
      // Until the server has said whether it is one, a press could only guess. After a failed
      // question it adds, which the server takes even for a favorite it has.
      disabled={saving || Boolean(uid && isFavorite === null && status !== "failed")}
      onClick={toggle}
    >
      <HeartIcon filled={pressed} />
      {FAVORITE}
    </button>
  );
}
