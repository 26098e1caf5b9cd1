"""Cloudflare Turnstile, verified on the server (https://developers.cloudflare.com/turnstile/get-started/server-side-
validation/) when TURNSTILE_SECRET_KEY is set: the browser's token is sent to siteverify with the secret, once."""

import logging

import requests
from django.conf import settings

from .errors import ChallengeFailed, ChallengeUnavailable

logger = logging.getLogger(__name__)
TIMEOUT_SECONDS = 3


def turnstile_enabled() -> bool:
    return bool(settings.TURNSTILE_SECRET_KEY)


def turnstile_verify(*, token: str, remote_ip: str | None) -> None:
    """Nothing when the challenge is off or the token passes; ChallengeFailed or ChallengeUnavailable otherwise."""
    if not turnstile_enabled():
        return
    # Cloudflare's tokens are at most 2048 characters; an empty or longer one is refused without asking.
    if not token or len(token) > 2048:
        raise ChallengeFailed()
    data = {"secret": settings.TURNSTILE_SECRET_KEY, "response": token}
    if remote_ip:
        data["remoteip"] = remote_ip
    try:
        answer = requests.post(settings.TURNSTILE_VERIFY_URL, data=data, timeout=TIMEOUT_SECONDS)
        answer.raise_for_status()
        result = answer.json()
    except (requests.RequestException, ValueError) as error:
        logger.warning("Turnstile's siteverify did not answer: %s", error)
        raise ChallengeUnavailable() from error
    if not result.get("success"):
        logger.info("Turnstile refused a token: %s", result.get("error-codes"))
        raise ChallengeFailed()
