import { useSelector } from "react-redux";
import { skipToken } from "@reduxjs/toolkit/query/react";
import { HeartIcon } from "../../components/icons";
import { errorPopup, successPopup } from "../../lib/popup";
import { selectUser, useSignInFirst } from "../../lib/session";
import { useAddFavoriteMutation, useIsFavoriteQuery, useRemoveFavoriteMutation } from "./api";
import {
  ADD_TO_FAVORITES,
  ADDED_TO_FAVORITES,
  FAVORITES_FAILED,
  REMOVE_FROM_FAVORITES,
  REMOVED_FROM_FAVORITES,
  SIGN_IN_FOR_FAVORITES,
} from "./messages";

// The detail screen's favorite button (docs/PRODUCT.md §4 'Favorite button'): 'Add to favorites' when the
// shoe is not a favorite, 'Remove from favorites' when it is, with the spec's toasts. Its name says
// what a press does, so it is a plain button, not a pressed/unpressed toggle (which would say it twice).
// A visitor is asked to sign in first.
export default function FavoriteButton({ shoeId }) {
  const uid = useSelector(selectUser)?.idUser;
  const { currentData: isFavorite, isError } = useIsFavoriteQuery(uid ? { uid, shoeId } : skipToken);
  const [add, adding] = useAddFavoriteMutation();
  const [remove, removing] = useRemoveFavoriteMutation();
  const signInFirst = useSignInFirst();
  const favorite = Boolean(uid && isFavorite);

  const toggle = async () => {
    if (!uid) {
      signInFirst(SIGN_IN_FOR_FAVORITES);
      return;
    }
    const { error } = await (favorite ? remove : add)({ uid, shoeId });
    if (!error) successPopup(favorite ? REMOVED_FROM_FAVORITES : ADDED_TO_FAVORITES);
    else if (error.status === 401) signInFirst(SIGN_IN_FOR_FAVORITES);
    else errorPopup(FAVORITES_FAILED, { text: error.message });
  };

  return (
    <button
      type="button"
      className="button favorite-button"
      // Until the server has said whether it is one, a press could only guess. After a failed
      // question it adds, which the server takes even for a favorite it has.
      disabled={
        adding.isLoading || removing.isLoading || Boolean(uid && isFavorite === undefined && !isError)
      }
      onClick={toggle}
    >
      <HeartIcon filled={favorite} />
      {favorite ? REMOVE_FROM_FAVORITES : ADD_TO_FAVORITES}
    </button>
  );
}
