"""Errors of the catalogue's rules."""

from shopsite.errors import Conflict, NotFound, ShopError


class BrandInUse(Conflict):
    code = "brand_in_use"


class DuplicateBrand(ShopError):
    code = "duplicate_brand"


class UnknownBrand(ShopError):
    code = "unknown_brand"


class StockLimitExceeded(ShopError):
    code = "stock_limit"


class ShoeNotFound(NotFound):
    message = "That shoe is not in the shop."


class BrandNotFound(NotFound):
    message = "That brand is not in the shop."


class ArchivedShoeNotFound(NotFound):
    message = "That shoe is not archived."


class SizeInStock(ShopError):
    code = "size_in_stock"


class SalePriceNotBelowPrice(ShopError):
    code = "sale_price_not_below_price"
    message = "The sale price must be below the price"
