import { useSelector } from "react-redux";
import { usePageOffset } from "../lib/pagingSlice";
import { selectUser } from "../lib/session";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { forStorefront, PagedShoeList } from "../features/catalog";
import { FAVORITES_PAGE, FAVORITES_TITLE, NO_FAVORITES, useFavoritesPageQuery } from "../features/favorites";

// The favorites view: the shoes of the loaded favorites (docs/PRODUCT.md §3 'Favorite'), with the
// cart's quantities at 0 as every list's shoes.
const favoriteShoes = (page) => page.results.map((favorite) => forStorefront(favorite.shoe));

// /favorites (behind the user guard): the user's favorite shoes, newest first, in the sale's grid and
// with its paging, 8 a page (docs/PRODUCT.md §2). The list is the favorites feature's, shown as one of
// the catalogue's lists of shoes.
export default function Favorites() {
  const uid = useSelector(selectUser).idUser;
  const [offset, setOffset] = usePageOffset(FAVORITES_PAGE);
  useDocumentTitle("My favorites");
  return (
    <PagedShoeList
      title={FAVORITES_TITLE}
      className="favorites"
      kind="favorites"
      useListQuery={useFavoritesPageQuery}
      args={{ uid }}
      offset={offset}
      onPage={setOffset}
      shoesOf={favoriteShoes}
      empty={NO_FAVORITES}
    />
  );
}
