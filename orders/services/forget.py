"""A deleted account's orders (docs/DESIGN.md §12): kept for the shop's books, without the person's details; their
address book gone."""

from ..models import Order, SavedAddress


def orders_personal_details_forget(*, user, email: str) -> int:
    """Blank the buyer's address and name on every order of the user and put `email` (a placeholder) in place of
    theirs; amounts, lines, dates, tax, the state and country the tax was charged for, and the payment's ids stay.
    Their address book goes (the User row is kept, so its CASCADE does not delete it). Return how many orders. Call it
    inside the deletion's transaction."""
    SavedAddress.objects.filter(user=user).delete()
    return Order.objects.filter(user=user).update(
        email=email, ship_name="", ship_city="", ship_line1="", ship_postal_code=""
    )
