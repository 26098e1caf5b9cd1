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
