"""The mailing app's Celery tasks: send one outbox row, and beat's periodic resend of what is still waiting."""

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings

from . import services
from .errors import MailServerError

logger = logging.getLogger(__name__)

# The periodic resend leaves a mail this young to its own task's first try: it would be no harm (the claim decides),
# only a needless race.
RESEND_GRACE = timedelta(minutes=2)


def retry_countdown(retries: int) -> float:
    """Seconds before the next try: SHOP_MAIL_RETRY_SECONDS, doubled at each retry (1, 2, 4, 8, 16 minutes)."""
    return settings.SHOP_MAIL_RETRY_SECONDS * 2**retries


@shared_task(
    bind=True,
    name=services.MAIL_SEND_TASK,
    # Acknowledged once done, and given back if its worker dies: the outbox's claim makes a second delivery harmless.
    acks_late=True,
    reject_on_worker_lost=True,
    # Well inside the claim's lease (mailing/selectors.py), so a live worker never loses its claim; each of the mail
    # server's waits is bounded by EMAIL_TIMEOUT besides.
    soft_time_limit=90,
    time_limit=120,
)
def mail_send(self, mail_id: int) -> str:
    """Send one outbox row; a mail server that refuses gets it again later, SHOP_MAIL_RETRIES times, then the
    periodic resend takes it."""
    try:
        return str(services.mail_send(mail_id=mail_id))
    except MailServerError as error:
        retries = self.request.retries
        if retries >= settings.SHOP_MAIL_RETRIES:
            logger.error(
                "Mail %s: the mail server refused it %s times; it waits in the outbox for the periodic resend.",
                mail_id,
                retries + 1,
                extra={"reason": error},
            )
            return "pending"
        countdown = retry_countdown(retries)
        logger.warning("Mail %s will be tried again in %s s.", mail_id, f"{countdown:g}", extra={"reason": error})
        raise self.retry(exc=error, countdown=countdown, max_retries=settings.SHOP_MAIL_RETRIES) from error


@shared_task(name=services.MAILS_SEND_TASK, acks_late=True, reject_on_worker_lost=True)
def mails_send(mail_ids: list[int]) -> dict:
    """Send a chunk of outbox rows queued together (services.mails_queue); one the mail server refuses is handed on
    alone to mail_send, for its retries. Each is claimed, so a chunk delivered twice sends each mail once."""
    outcomes: dict[str, int] = {}
    refused = []
    for mail_id in mail_ids:
        try:
            outcome = str(services.mail_send(mail_id=mail_id))
        except MailServerError as error:
            logger.warning("Mail %s will be tried again on its own.", mail_id, extra={"reason": error})
            refused.append(mail_id)
            outcome = "refused"
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    for mail_id in refused:
        mail_send.apply_async(args=[mail_id], countdown=retry_countdown(0))
    return outcomes


@shared_task(name="mailing.tasks.mail_send_pending")
def mail_send_pending() -> dict:
    """Beat's periodic resend: every mail a broker or mail server outage left waiting (manage.py send_pending_mail)."""
    report = services.mail_send_pending(older_than=RESEND_GRACE)
    if report.sent or report.failed or report.dropped:
        logger.info(
            "Periodic resend: %s sent, %s failed, %s dropped, %s left for the next run.",
            report.sent,
            report.failed,
            report.dropped,
            report.left,
        )
    return {"sent": report.sent, "failed": report.failed, "dropped": report.dropped, "left": report.left}
