import { Link } from "react-router";
import { prefetchPath } from "../lib/prefetch";

// A link that fetches its screen's code as the pointer comes onto it or the keyboard reaches it, so
// the click draws the screen without waiting for it.
export default function PrefetchLink({ to, onPointerEnter, onFocus, ...props }) {
  return (
    <Link
      to={to}
      onPointerEnter={(event) => {
        prefetchPath(to);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        prefetchPath(to);
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
