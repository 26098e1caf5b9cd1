import { useEffect, useId, useRef, useState } from "react";
import PrefetchLink from "../../components/PrefetchLink";
import { useBrandsQuery } from "../../lib/brandsApi";

// The header's BRANDS menu: opens on hover, and on click or Enter for keyboards and touch screens;
// each brand goes to its collection. A click on the button while the mouse rests on it keeps the
// menu open: the hover has just opened it, and a toggle would shut it under the shopper's pointer.
export default function BrandsMenu() {
  const { data: brands = [], isError } = useBrandsQuery();
  const [open, setOpen] = useState(false);
  const hovering = useRef(false);
  const menu = useRef(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event) => {
      if (!menu.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  return (
    <div
      ref={menu}
      className="brands-menu"
      onPointerEnter={(event) => {
        // Touch screens send a pointerenter with each tap: only a real mouse hovers.
        if (event.pointerType !== "mouse") return;
        hovering.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== "mouse") return;
        hovering.current = false;
        setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") setOpen(false);
      }}
      onBlur={(event) => {
        if (!menu.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        type="button"
        className="header-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => hovering.current || !shown)}
      >
        BRANDS
      </button>
      <ul id={listId} className="brands-list" hidden={!open}>
        {isError && <li className="brands-note">Brands could not be loaded.</li>}
        {brands.map((brand) => (
          <li key={brand._id}>
            <PrefetchLink to={`/colletions/${encodeURIComponent(brand.name)}`} onClick={() => setOpen(false)}>
              {brand.name}
            </PrefetchLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
