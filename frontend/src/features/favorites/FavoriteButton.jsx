import { useSelector } from "react-redux";
import { skipToken } from "@reduxjs/toolkit/query/react";
import { HeartIcon } from "../../components/icons";
import { errorPopup, successPopup } from "../../lib/popup";
import { selectUser, useSignInFirst } from "../account";
import { useAddFavoriteMutation, useIsFavoriteQuery, useRemoveFavoriteMutation } from "./api";
import {
  ADD_HINT,
  ADDED_TO_FAVORITES,
  FAVORITE,
  FAVORITES_FAILED,
  REMOVE_HINT,
  REMOVED_FROM_FAVORITES,
  SIGN_IN_FOR_FAVORITES,
} from "./messages";

// The detail screen's favorite toggle (docs/PRODUCT.md §4 'Favorite button'): pressed when the shoe is a
// favorite; pressing adds or removes it with the spec's toasts. A visitor is asked to sign in first.
export default function FavoriteButton({ shoeId }) {
  const uid = useSelector(selectUser)?.idUser;
  const { currentData: isFavorite, isError } = useIsFavoriteQuery(uid ? { uid, shoeId } : skipToken);
  const [add, adding] = useAddFavoriteMutation();
  const [remove, removing] = useRemoveFavoriteMutation();
  const signInFirst = useSignInFirst();
  const pressed = Boolean(uid && isFavorite);

  const toggle = async () => {
    if (!uid) {
      signInFirst(SIGN_IN_FOR_FAVORITES);
      return;
    }
    const { error } = await (pressed ? remove : add)({ uid, shoeId });
    if (!error) successPopup(pressed ? REMOVED_FROM_FAVORITES : ADDED_TO_FAVORITES);
    else if (error.status === 401) signInFirst(SIGN_IN_FOR_FAVORITES);
    else errorPopup(FAVORITES_FAILED, { text: error.message });
  };

  return (
    <button
      type="button"
      className="button favorite-button"
      aria-pressed={pressed}
      title={pressed ? REMOVE_HINT : ADD_HINT}
      // Until the server has said whether it is one, a press could only guess. After a failed
      // question it adds, which the server takes even for a favorite it has.
      disabled={
        adding.isLoading || removing.isLoading || Boolean(uid && isFavorite === undefined && !isError)
      }
      onClick={toggle}
    >
      <HeartIcon filled={pressed} />
      {FAVORITE}
    </button>
  );
}
