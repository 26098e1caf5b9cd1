"""What a release refuses, in the API's JSON shape (shopsite/errors.py); nothing is held or charged after any."""

from django.utils import timezone
from rest_framework import status

from shopsite.errors import Conflict, NotFound, ShopError


def _when(moment) -> str:
    return timezone.localtime(moment).strftime("%B %-d, %Y at %H:%M %Z")


class ReleaseNotOpen(Conflict):
    code = "release_not_open"

    def __init__(self, release):
        super().__init__(
            f"{release.name} goes on sale on {_when(release.opens_at)}; it cannot be bought before.",
            extra={"opensAt": release.opens_at.isoformat(), "release": release.pk},
        )


class ReleaseByDraw(Conflict):
    code = "release_by_draw"

    def __init__(self, release):
        super().__init__(
            f"{release.name} is sold by draw: enter the draw on the shoe's page.", extra={"release": release.pk}
        )


class ReleaseSizeNotOffered(Conflict):
    code = "release_size_not_offered"
    message = "This size is not part of the release."


class ReleaseSoldOut(Conflict):
    code = "release_sold_out"
    message = "Every pair of this size in the release is taken."


class ReleaseLimitReached(Conflict):
    code = "release_limit"

    def __init__(self, release):
        pairs = "1 pair" if release.per_person_limit == 1 else f"{release.per_person_limit} pairs"
        super().__init__(
            f"{release.name} sells at most {pairs} per person, card and address; you have taken yours.",
            extra={"limit": release.per_person_limit, "release": release.pk},
        )


class ReleaseNotEligible(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "release_not_eligible"


class ChallengeFailed(ShopError):
    status_code = status.HTTP_403_FORBIDDEN
    code = "challenge_failed"
    message = "We could not check that you are a person; complete the check and try again."


class ChallengeUnavailable(ShopError):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    code = "challenge_unavailable"
    message = "The check that you are a person did not answer; please try again in a moment."


class ReleaseNotFound(NotFound):
    message = "There is no such release."


class EntriesClosed(Conflict):
    code = "entries_closed"


class AlreadyEntered(Conflict):
    code = "already_entered"
    message = "You have entered this draw already; good luck!"


class ReleaseLocked(Conflict):
    code = "release_locked"
    message = "This release has opened: its terms can no longer change."
