"""A deleted account's part in releases (docs/DESIGN.md §12): reminders gone, decided draw entries kept without the
person's details (a won entry points at its order, a lost one at the authorisation its cancel names)."""

from ..models import DrawEntry, ReleaseReminder


def releases_person_forget(*, user, email: str, placeholder: str) -> tuple[int, int]:
    """Delete the address's reminders and blank the user's draw entries' address and name (their hashed keys stay, so
    a release's limits still count them); return (reminders, entries). Call it inside the deletion's transaction,
    after checking no entry of theirs is still undecided (selectors.entry_undecided)."""
    reminders = ReleaseReminder.objects.filter(email=email.strip().lower()).delete()[0]
    entries = DrawEntry.objects.filter(user=user).update(
        email=placeholder, ship_name="", ship_state="", ship_city="", ship_line1="", ship_postal_code=""
    )
    return reminders, entries
