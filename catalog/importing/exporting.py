"""The export: the catalogue as an import file, which import_shoes reads back."""

import csv
from collections import defaultdict
from decimal import Decimal
from typing import TextIO

from django.db.models.functions import Lower

from ..models import Shoe, StockEntry, size_label
from .cells import cell_escape
from .reading import COLUMNS, NO_IMAGE, OPTIONAL_COLUMNS


def shoes_export(*, out: TextIO) -> int:
    """Write the catalogue as an import file, one row per size, by brand, name, color and size; return the rows.

    Archived shoes are not in it: they are out of the shop, and the database's backup is where they are kept. A cell a
    spreadsheet would run as a formula is written with a leading ' (cells.py), which the import takes off again.
    """
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow((*COLUMNS, *OPTIONAL_COLUMNS))
    stock: dict[int, list[tuple[Decimal | None, int]]] = defaultdict(list)
    for shoe_id, size, quantity in StockEntry.objects.order_by("shoe_id", "size").values_list(
        "shoe_id", "size", "quantity"
    ):
        stock[shoe_id].append((size, quantity))
    shoes = (
        Shoe.objects.in_shop()
        .order_by(Lower("brand__name"), "brand__name", Lower("name"), "name", Lower("color"), "color", "id")
        .values_list("id", "brand__name", "name", "color", "price", "description", "image", "sale_price")
    )
    rows = 0
    for shoe_id, brand, name, color, price, description, image, sale_price in shoes.iterator(chunk_size=2000):
        # A shoe without sizes still gets a line, which the import reads back as a shoe without sizes.
        for size, quantity in stock.get(shoe_id) or [(None, 0)]:
            size_text = size_label(size) if size is not None else ""
            cells = [brand, name, color, f"{price:f}", description, image or NO_IMAGE, size_text, str(quantity)]
            cells.append("" if sale_price is None else f"{sale_price:f}")
            writer.writerow([cell_escape(cell) for cell in cells])
            rows += 1
    return rows
