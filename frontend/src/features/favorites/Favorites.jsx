import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { useDocumentTitle } from "../../app/useDocumentTitle";
import { PAGE_SIZE, RESET_BELOW } from "../../lib/paging";
import { selectUser } from "../account/accountSlice";
import PagedShoeList from "../catalog/PagedShoeList";
import {
  favoritesPageChanged,
  fetchFavoritesPage,
  selectFavorites,
  selectFavoriteShoes,
} from "./favoritesSlice";
import { FAVORITES_TITLE, NO_FAVORITES } from "./messages";

// /favorites (behind the user guard): the user's favorite shoes, newest first, in the sale's grid and
// with its paging, 8 a page (SPEC.md §2).
export default function Favorites() {
  const dispatch = useDispatch();
  const uid = useSelector(selectUser).idUser;
  const { count, offset, status } = useSelector(selectFavorites);
  const shoes = useSelector(selectFavoriteShoes);
  useDocumentTitle("My favorites");

  useEffect(() => {
    const request = dispatch(fetchFavoritesPage({ uid, offset }));
    return () => request.abort();
  }, [dispatch, uid, offset]);

  return (
    <section className="favorites">
      <h1 className="page-title">{FAVORITES_TITLE}</h1>
      <PagedShoeList
        shoes={shoes}
        status={status}
        count={count}
        offset={offset}
        step={PAGE_SIZE.favorites}
        resetBelow={RESET_BELOW.favorites}
        onPage={(newOffset) => dispatch(favoritesPageChanged(newOffset))}
        onRetry={() => dispatch(fetchFavoritesPage({ uid, offset }))}
        empty={NO_FAVORITES}
      />
    </section>
  );
}
