"""Writes on the catalogue (docs/DESIGN.md §1): shoes, their stock, brands, pictures, back-in-stock alerts, and the
version they move; this package's door is the one way in for other apps and the catalogue's own modules.

It is the catalogue's one writer. Other apps call it (a checkout takes and releases pairs, a review moves a shoe's
counters), and so do the catalogue's own views, admin, importer and demo: nothing else writes a stock row or a counter,
and nothing else moves the catalogue version, which every write moves on once it commits so that the cached answers
(catalog/cache.py) follow. The Django admin's own saves are the one exception, caught by the signals of version.py.
"""

from .alerts import stock_alert_create, stock_alert_unsubscribe, stock_alerts_forget, stock_alerts_send
from .brands import brand_create, brand_delete, brand_size_guide_set
from .pictures import PICTURE_SIZES_TASK, picture_sizes_catch_up, picture_sizes_make, pictures_delete_on_commit
from .prices import price_changes_record, sale_price_check
from .shoes import (
    catalogue_rows_write,
    shoe_create,
    shoe_delete,
    shoe_on_sale_set,
    shoe_rating_add,
    shoe_restore,
    shoe_update,
    shoes_archive,
    shoes_delete,
    shoes_on_sale_set,
    shoes_restore,
)  # fmt: skip
from .stock import stock_add, stock_release, stock_take
from .version import catalog_version_bump, signals_connect

__all__ = [
    "PICTURE_SIZES_TASK", "brand_create", "brand_delete", "brand_size_guide_set", "catalog_version_bump",
    "catalogue_rows_write",
    "picture_sizes_catch_up", "picture_sizes_make", "pictures_delete_on_commit", "price_changes_record",
    "sale_price_check", "shoe_create", "shoe_delete",
    "shoe_on_sale_set",
    "shoe_rating_add", "shoe_restore", "shoe_update", "shoes_archive", "shoes_delete", "shoes_on_sale_set",
    "shoes_restore", "signals_connect", "stock_add", "stock_alert_create", "stock_alert_unsubscribe",
    "stock_alerts_forget", "stock_alerts_send", "stock_release", "stock_take",
]  # fmt: skip
