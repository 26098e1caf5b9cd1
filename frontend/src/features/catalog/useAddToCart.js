import { createAction } from "@reduxjs/toolkit";
import { useCallback } from "react";
import { useDispatch, useStore } from "react-redux";
import { quantityInCart } from "../../lib/cartLines";
import { errorPopup, successPopup } from "../../lib/popup";
import { selectCartItems } from "../../lib/session";
import { ADD_SIZE, ADDED_TO_CART, NO_MORE_PAIRS } from "./messages";
import { cartLine, stockOf } from "./shoes";

// BUY ME! taken: the payload is the cart line it makes (shoes.js's cartLine). The cart adds it (its
// slice reacts to this event), so the catalogue never reaches into the cart.
export const buyMePressed = createAction("catalog/buyMePressed");

// BUY ME! on a card or the detail screen: one pair of the chosen size into the cart. Without a size,
// the 'Add size' popup for 3 s and nothing is added (docs/PRODUCT.md §5); the cart never asks for more pairs
// of a size than the shop has (the server checks again when paying). True when a pair was added.
export function useAddToCart() {
  const dispatch = useDispatch();
  const store = useStore();
  return useCallback(
    (shoe, size) => {
      if (!size) {
        errorPopup(ADD_SIZE);
        return false;
      }
      const left =
        stockOf(shoe, size) - quantityInCart(selectCartItems(store.getState()), { _id: shoe._id, size });
      if (left < 1) {
        errorPopup(NO_MORE_PAIRS, { text: `Your cart already holds every pair of size ${size} we have.` });
        return false;
      }
      dispatch(buyMePressed(cartLine(shoe, size)));
      successPopup(ADDED_TO_CART);
      return true;
    },
    [dispatch, store],
  );
}
