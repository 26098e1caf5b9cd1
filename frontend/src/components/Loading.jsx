// What a screen shows while its data is on the way (docs/PRODUCT.md §2).
export default function Loading() {
  return (
    <p className="loading" role="status">
      LOADING...
    </p>
  );
}

// A screen whose code is on its way: as tall as the window, so the footer, below the fold, does not
// jump when the screen comes.
export function ScreenLoading() {
  return (
    <div className="screen-loading">
      <Loading />
    </div>
  );
}

// A screen, or a page of cards, whose data is on its way: as tall as the window too, so the screen's
// code gives way to it without a move, and what comes (a shoe, a page of cards) only grows below the
// fold. A class of its own: the tests tell which wait a screen is in.
export function DataLoading() {
  return (
    <div className="data-loading">
      <Loading />
    </div>
  );
}
