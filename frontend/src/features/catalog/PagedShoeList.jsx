import { useRef } from "react";
import Pager from "../../components/Pager";
import ShoeGrid from "./ShoeGrid";

// A page of shoes with Previous and Next under it. Changing the page brings the top of the list back
// into view, so the shopper does not land at the bottom of the next page.
export default function PagedShoeList({
  shoes,
  status,
  count,
  offset,
  step,
  resetBelow,
  onPage,
  onRetry,
  empty,
}) {
  const top = useRef(null);
  const changePage = (newOffset) => {
    onPage(newOffset);
    top.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  };
  return (
    <div ref={top} className="paged-list">
      <ShoeGrid shoes={shoes} status={status} onRetry={onRetry} empty={empty} />
      <Pager offset={offset} step={step} count={count} resetBelow={resetBelow} onChange={changePage} />
    </div>
  );
}
