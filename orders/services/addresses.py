"""The address book (docs/DESIGN.md §5, "The address book"): a shopper's saved addresses and their one default.

Every write locks the shopper's row first: two tabs saving at once cannot pass the cap together, and the default
moves from one address to another without a moment where the book has two (the partial unique index would refuse
the second) or, once it has addresses, none.
"""

from django.db import transaction

from accounts.models import User

from ..address_book import MAX_SAVED_ADDRESSES
from ..errors import AddressBookFull, AddressDuplicate, DefaultAddressNeeded, SavedAddressNotFound
from ..models import SavedAddress, ShippingAddress

BOOK_FULL = f"Your address book is full: at most {MAX_SAVED_ADDRESSES} addresses. Delete one to save another."


def _fields(address: ShippingAddress) -> dict:
    return {
        "name": address.name,
        "state": address.state,
        "city": address.city,
        "line1": address.line1,
        "postal_code": address.postal_code,
        "country": address.country,
    }


def _book_locked(user: User):
    """The shopper's addresses, once their row is locked for the rest of the transaction."""
    User.objects.select_for_update().filter(pk=user.pk).first()
    return SavedAddress.objects.filter(user=user)


def _own_locked(user: User, saved: SavedAddress) -> SavedAddress:
    try:
        return _book_locked(user).get(pk=saved.pk)
    except SavedAddress.DoesNotExist as gone:
        # Deleted by another tab since it was read.
        raise SavedAddressNotFound() from gone


def _default_move(book, saved: SavedAddress) -> None:
    # The old default first: the partial unique index checks each statement, not the transaction.
    book.filter(is_default=True).exclude(pk=saved.pk).update(is_default=False)
    if not saved.is_default:
        saved.is_default = True
        saved.save(update_fields=["is_default", "updated_at"])


@transaction.atomic
def saved_address_create(*, user: User, address: ShippingAddress, is_default: bool = False) -> SavedAddress:
    """Keep an address; the book's first one, or one asked to be, becomes the default. A full book or the same
    address again is refused (AddressBookFull, AddressDuplicate) and nothing changes."""
    book = _book_locked(user)
    fields = _fields(address)
    if book.filter(**fields).exists():
        raise AddressDuplicate()
    count = book.count()
    if count >= MAX_SAVED_ADDRESSES:
        raise AddressBookFull(BOOK_FULL)
    saved = SavedAddress.objects.create(user=user, **fields)
    if is_default or count == 0:
        _default_move(book, saved)
    return saved


@transaction.atomic
def saved_address_update(
    *, user: User, saved: SavedAddress, address: ShippingAddress, is_default: bool | None = None
) -> SavedAddress:
    """Change a kept address, and make it the default with is_default; the default cannot simply stop being one
    (DefaultAddressNeeded: another address is made the default instead)."""
    book = _book_locked(user)
    saved = _own_locked(user, saved)
    if is_default is False and saved.is_default:
        raise DefaultAddressNeeded(field="isDefault")
    fields = _fields(address)
    if book.filter(**fields).exclude(pk=saved.pk).exists():
        raise AddressDuplicate()
    for name, value in fields.items():
        setattr(saved, name, value)
    saved.save(update_fields=[*fields, "updated_at"])
    if is_default:
        _default_move(book, saved)
    return saved


@transaction.atomic
def saved_address_default_set(*, user: User, saved: SavedAddress) -> SavedAddress:
    """Make a kept address the default; the one before stops being it."""
    book = _book_locked(user)
    saved = _own_locked(user, saved)
    _default_move(book, saved)
    return saved


@transaction.atomic
def saved_address_delete(*, user: User, saved: SavedAddress) -> None:
    """Forget a kept address; when it was the default, the newest one left becomes the default."""
    book = _book_locked(user)
    saved = _own_locked(user, saved)
    saved.delete()
    if saved.is_default:
        newest = book.order_by("-created_at", "-id").first()
        if newest is not None:
            _default_move(book, newest)


@transaction.atomic
def saved_address_keep(*, user: User, address: ShippingAddress) -> bool:
    """A paid checkout's "Save this address": kept like saved_address_create, but never refused. True when the
    address is in the book now (it was already there, or it is new), False when the book was full: the payment
    stands either way, and the answer says the address was not saved."""
    book = _book_locked(user)
    fields = _fields(address)
    if book.filter(**fields).exists():
        return True
    count = book.count()
    if count >= MAX_SAVED_ADDRESSES:
        return False
    saved = SavedAddress.objects.create(user=user, **fields)
    if count == 0:
        _default_move(book, saved)
    return True
