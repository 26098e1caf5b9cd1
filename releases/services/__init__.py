"""Writes of releases (docs/DESIGN.md §11), the one door to them: the checkout's rules, draw entries, the draw and
reminders."""

from .cancels import CANCEL_TASK, CancelReport, authorisations_cancel, cancels_owed_hand_over
from .draws import DrawReport, draw_run
from .entries import Entered, draw_enter
from .forget import releases_person_forget
from .reminders import reminder_ask, reminders_send_due
from .rules import eligibility_check, release_checkout_guard, release_checkout_reserve
from .schedule import release_save

__all__ = [
    "CANCEL_TASK", "CancelReport", "DrawReport", "Entered", "authorisations_cancel", "cancels_owed_hand_over",
    "draw_enter", "draw_run", "eligibility_check", "release_checkout_guard", "release_checkout_reserve",
    "release_save", "releases_person_forget", "reminder_ask", "reminders_send_due",
]  # fmt: skip
