"""The outbox: every mail a row first, sent after the commit, claimed so it goes once, tried again when the mail
server refuses, and nothing lost when the mail server or the broker is down.

Tasks run eagerly here, in the test's thread, as they are published (after the commit); the worker tests
(test_workers.py) run them on real workers.
"""

import json
import logging
from datetime import timedelta
from io import StringIO
from unittest import mock

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.utils import timezone

from mailing import services, tasks
from mailing.models import ContactMessage, Mail, NewsletterSignup
from mailing.selectors import CLAIM_LEASE
from shopsite.celery import app as celery_app
from shopsite.logs import JsonFormatter, RequestIdFilter
from shopsite.tests.brokers import publishing_to
from shopsite.tests.silent_server import SilentServer

from .factories import MailFactory, NewsletterSignupFactory

pytestmark = pytest.mark.django_db

CONTACT_FORM = {"name": "Jane", "email": "jane@example.com", "message": "Where is my order number 1234?"}


# ---- Stored first, sent after the commit


def test_a_rolled_back_transaction_sends_nothing(mailoutbox, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        services.newsletter_subscribe(email="ana@example.com")
        raise RuntimeError("the request failed after the signup")

    assert callbacks == []
    assert not NewsletterSignup.objects.exists()
    assert not Mail.objects.exists()
    assert mailoutbox == []


def test_an_unknown_kind_of_mail_fails_where_it_is_queued():
    from django.core.exceptions import ImproperlyConfigured

    with pytest.raises(ImproperlyConfigured, match="No builder for the mail kind 'postcard'"):
        services.mail_queue(kind="postcard", to="ana@example.com", context={})
    assert not Mail.objects.exists()


def test_a_mail_queued_in_a_request_keeps_its_request_id(api_client):
    api_client.post("/api/mail/newsletter", {"email": "ana@example.com"}, HTTP_X_REQUEST_ID="lb-0123456789")
    assert Mail.objects.get().request_id == "lb-0123456789"


# ---- The mail server refuses


def test_a_refused_mail_is_tried_again_then_left_pending_and_the_visitor_still_hears_thanks(
    api_client, mail_server_down, mailoutbox, caplog, django_capture_on_commit_callbacks
):
    with caplog.at_level(logging.INFO), django_capture_on_commit_callbacks(execute=True):
        response = api_client.post("/api/mail/newsletter", {"email": "ana@example.com"})

    assert response.status_code == 200
    assert response.json() == {"message": "Thanks for subscribing!"}
    mail = Mail.objects.get()
    # The first try and SHOP_MAIL_RETRIES retries (run at once here; a worker waits 1, 2, 4, 8 and 16 minutes).
    assert (mail.state, mail.attempts, mail.claimed_at) == (Mail.State.PENDING, 6, None)
    assert mail.last_error == "SMTPException: 451 the mail server is down"
    assert mailoutbox == []
    tries = [record for record in caplog.records if record.name == "mailing.services"]
    assert [record.getMessage() for record in tries] == [
        f"Mail {mail.pk} (newsletter_confirm) was not sent (try {n})." for n in range(1, 7)
    ]
    assert [record.retries for record in tries] == [0, 1, 2, 3, 4, 5]
    countdowns = [record.getMessage() for record in caplog.records if "will be tried again" in record.getMessage()]
    assert countdowns == [f"Mail {mail.pk} will be tried again in {s} s." for s in (60, 120, 240, 480, 960)]
    assert f"Mail {mail.pk}: the mail server refused it 6 times" in caplog.text
    # The visitor's address is kept out of the log.
    assert "ana@example.com" not in caplog.text


def test_the_retries_wait_longer_each_time():
    assert [tasks.retry_countdown(n) for n in range(5)] == [60, 120, 240, 480, 960]
    # About half an hour in all, then the periodic resend.
    assert sum(tasks.retry_countdown(n) for n in range(5)) == 31 * 60


def test_a_mail_server_that_refuses_twice_then_accepts_sends_one_mail(
    api_client, monkeypatch, mailoutbox, django_capture_on_commit_callbacks
):
    from smtplib import SMTPDataError

    from django.core.mail.backends.locmem import EmailBackend

    accept = EmailBackend.send_messages
    refusals = iter([SMTPDataError(451, b"try again"), SMTPDataError(451, b"try again")])

    def refuse_twice(self, messages):
        refusal = next(refusals, None)
        if refusal is not None:
            raise refusal
        return accept(self, messages)

    monkeypatch.setattr(EmailBackend, "send_messages", refuse_twice)
    with django_capture_on_commit_callbacks(execute=True):
        api_client.post("/api/mail/contactUs", CONTACT_FORM)

    assert len(mailoutbox) == 1
    mail = Mail.objects.get()
    assert (mail.state, mail.attempts, mail.last_error) == (Mail.State.SENT, 3, "")


def test_a_contact_message_is_kept_and_answered_when_the_mail_server_is_down(
    api_client, mail_server_down, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post("/api/mail/contactUs", CONTACT_FORM)

    assert response.status_code == 201
    assert response.json() == {"message": "Thanks, we got your message"}
    assert ContactMessage.objects.get().message == CONTACT_FORM["message"]
    assert Mail.objects.get().state == Mail.State.PENDING
    assert mailoutbox == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("url", "body", "model", "status"),
    [
        ("/api/mail/newsletter", {"email": "ana@example.com"}, NewsletterSignup, 200),
        ("/api/mail/contactUs", CONTACT_FORM, ContactMessage, 201),
    ],
)
def test_with_real_commits_the_visitor_still_hears_thanks(api_client, mail_server_down, url, body, model, status):
    response = api_client.post(url, body)
    assert response.status_code == status
    assert model.objects.count() == 1
    assert Mail.objects.get().state == Mail.State.PENDING


@pytest.mark.django_db(transaction=True)
def test_an_unexpected_mail_error_still_answers_thanks_and_keeps_the_mail(api_client, monkeypatch, mailoutbox):
    from django.core.mail.backends.locmem import EmailBackend

    def broken(self, messages):
        raise RuntimeError("a bug in a mail backend")

    monkeypatch.setattr(EmailBackend, "send_messages", broken)
    response = api_client.post("/api/mail/contactUs", CONTACT_FORM)
    assert response.status_code == 201
    mail = Mail.objects.get()
    assert (mail.state, mail.attempts, mail.last_error) == (
        Mail.State.PENDING,
        1,
        "RuntimeError: a bug in a mail backend",
    )


def test_a_mail_server_that_never_answers_costs_a_worker_one_timeout(settings):
    # A real SMTP client against a port that accepts and never greets, as a hung mail server does.
    mail = MailFactory()
    server = SilentServer()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", server.port, 0.2
    try:
        with pytest.raises(services.MailServerError) as refused:
            services.mail_send(mail_id=mail.pk)
    finally:
        server.close()

    assert server.accepted == 1
    # smtplib waited for the greeting until EMAIL_TIMEOUT, then gave up.
    assert isinstance(refused.value.__cause__.__context__, TimeoutError)
    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == (Mail.State.PENDING, 1)


# ---- The broker is down


@pytest.mark.django_db(transaction=True)
def test_a_broker_that_refuses_loses_nothing(api_client, mailoutbox, caplog):
    # Given no broker answers (a closed port) when the request hands its mail over,
    with publishing_to("redis://127.0.0.1:1/0"), caplog.at_level(logging.ERROR, logger="mailing"):
        response = api_client.post("/api/mail/contactUs", CONTACT_FORM)

    # the visitor still hears thanks, and the mail waits in the outbox
    assert response.status_code == 201
    mail = Mail.objects.get()
    assert (mail.state, mail.attempts) == (Mail.State.PENDING, 0)
    assert f"1 mails were not handed to a worker (the first: {mail.pk})" in caplog.text
    # for the periodic resend.
    assert services.mail_send_pending().sent == 1
    assert len(mailoutbox) == 1


@pytest.mark.django_db(transaction=True)
def test_a_broker_that_never_answers_holds_the_request_one_bounded_wait(api_client, settings):
    # A port that accepts and never answers, as a hung Redis does: the publish gives up after its timeouts.
    server = SilentServer()
    try:
        with publishing_to(f"redis://127.0.0.1:{server.port}/0"):
            response = api_client.post("/api/mail/newsletter", {"email": "ana@example.com"})
    finally:
        server.close()

    assert response.status_code == 200
    assert Mail.objects.get().state == Mail.State.PENDING
    # At most the tries of the publish retry policy (shopsite/tests/test_time_budget.py counts their worst).
    assert 1 <= server.accepted <= 1 + settings.CELERY_TASK_PUBLISH_RETRY_POLICY["max_retries"]


# ---- Claims: each mail goes once


def test_a_mail_a_worker_holds_is_not_sent_by_another(mailoutbox):
    mail = MailFactory(state=Mail.State.SENDING, claimed_at=timezone.now())

    assert services.mail_send(mail_id=mail.pk) == services.Outcome.SKIPPED
    assert services.mail_send_pending() == services.MailReport()
    assert mailoutbox == []


def test_a_claim_older_than_the_lease_is_taken_over(mailoutbox):
    # The worker that claimed it died mid-send.
    mail = MailFactory(state=Mail.State.SENDING, claimed_at=timezone.now() - CLAIM_LEASE - timedelta(seconds=1))

    assert services.mail_send_pending().sent == 1
    assert len(mailoutbox) == 1
    mail.refresh_from_db()
    assert (mail.state, mail.claimed_at) == (Mail.State.SENT, None)


def test_a_sent_mail_is_never_sent_again(mailoutbox):
    mail = MailFactory()
    assert services.mail_send(mail_id=mail.pk) == services.Outcome.SENT
    # The task delivered again (a worker lost before its acknowledgement), and the periodic resend.
    assert services.mail_send(mail_id=mail.pk) == services.Outcome.SKIPPED
    assert services.mail_send_pending().sent == 0
    assert len(mailoutbox) == 1
    mail.refresh_from_db()
    assert (mail.attempts, mail.sent_at is not None) == (1, True)


def test_a_release_after_the_claim_was_lost_leaves_the_new_holder_alone(monkeypatch, mail_server_down):
    mail = MailFactory()
    build = services.mail_message

    def taken_over_meanwhile(*, mail):
        # This worker outlived its lease, and another took the mail over before the mail server refused this one.
        Mail.objects.filter(pk=mail.pk).update(claimed_at=timezone.now() + timedelta(seconds=1))
        return build(mail=mail)

    monkeypatch.setattr(services, "mail_message", taken_over_meanwhile)
    with pytest.raises(services.MailServerError):
        services.mail_send(mail_id=mail.pk)

    mail.refresh_from_db()
    assert (mail.state, mail.attempts) == (Mail.State.SENDING, 0)


@pytest.mark.parametrize(
    ("gone", "reason"),
    [("signup", "the signup was deleted"), ("contact_message", "the contact message was deleted")],
)
def test_a_mail_whose_row_is_gone_is_dropped_never_sent(api_client, mailoutbox, gone, reason):
    if gone == "signup":
        services.newsletter_subscribe(email="ana@example.com")
        NewsletterSignup.objects.all().delete()
    else:
        services.contact_message_create(**CONTACT_FORM)
        ContactMessage.objects.all().delete()

    assert services.mail_send_pending().dropped == 1
    mail = Mail.objects.get()
    assert (mail.state, mail.last_error) == (Mail.State.DROPPED, reason)
    assert mailoutbox == []
    # Dropped for good: the resend leaves it.
    assert services.mail_send_pending() == services.MailReport()


# ---- The periodic resend and manage.py send_pending_mail


def run_command() -> str:
    out = StringIO()
    call_command("send_pending_mail", stdout=out)
    return out.getvalue()


def test_send_pending_mail_sends_what_waits(shop_mail, mailoutbox):
    NewsletterSignupFactory(email="ana@example.com")
    services.newsletter_subscribe(email="bea@example.com")
    services.contact_message_create(**CONTACT_FORM)
    MailFactory(state=Mail.State.SENT, sent_at=timezone.now())

    out = run_command()

    assert out.startswith("Sent 2, failed 0, dropped 0")
    assert sorted((mail.to[0], mail.reply_to) for mail in mailoutbox) == [
        ("bea@example.com", []),
        ("inbox@kicks.test", ["jane@example.com"]),
    ]
    # A second run finds nothing left to send.
    assert run_command().startswith("Sent 0, failed 0")
    assert len(mailoutbox) == 2


def test_send_pending_mail_reports_what_still_fails_and_stops_early(mail_server_down, capsys, caplog):
    MailFactory.create_batch(5)

    with pytest.raises(CommandError, match="3 mails could not be sent; they stay pending"):
        call_command("send_pending_mail")

    # Three refusals in a row: the mail server is down, and the other two wait for the next run.
    assert "Sent 0, failed 3, dropped 0 (what they name is gone), left 2" in capsys.readouterr().out
    assert set(Mail.objects.values_list("state", flat=True)) == {Mail.State.PENDING}
    assert sorted(Mail.objects.values_list("attempts", flat=True)) == [0, 0, 1, 1, 1]


def test_the_resend_works_through_a_backlog_larger_than_a_batch(monkeypatch, mailoutbox):
    monkeypatch.setattr(services, "PENDING_BATCH_SIZE", 2)
    MailFactory.create_batch(5)

    assert services.mail_send_pending() == services.MailReport(sent=5)
    assert len(mailoutbox) == 5


def test_beat_s_resend_leaves_a_fresh_mail_to_its_own_task(mailoutbox):
    fresh = MailFactory()
    old = MailFactory()
    Mail.objects.filter(pk=old.pk).update(created_at=timezone.now() - tasks.RESEND_GRACE - timedelta(seconds=1))

    assert tasks.mail_send_pending.delay().get() == {"sent": 1, "failed": 0, "dropped": 0, "left": 0}

    assert [mail.to for mail in mailoutbox] == [[old.to]]
    fresh.refresh_from_db()
    assert fresh.state == Mail.State.PENDING


def test_each_resent_mail_logs_under_the_request_that_queued_it(caplog):
    MailFactory(request_id="lb-queued-it-1")
    MailFactory(request_id="")
    handler = caplog.handler
    handler.addFilter(RequestIdFilter())
    try:
        with caplog.at_level(logging.INFO, logger="mailing"):
            services.mail_send_pending()
    finally:
        handler.removeFilter(handler.filters[-1])

    sent = [record for record in caplog.records if record.getMessage().endswith("sent.")]
    assert [record.request_id for record in sent] == ["lb-queued-it-1", "-"]


# ---- The task's log lines


def test_a_task_s_json_lines_carry_its_request_its_name_and_its_retries(
    api_client, mail_server_down, caplog, django_capture_on_commit_callbacks
):
    handler = caplog.handler
    handler.addFilter(RequestIdFilter())
    try:
        with caplog.at_level(logging.INFO), django_capture_on_commit_callbacks(execute=True):
            api_client.post("/api/mail/newsletter", {"email": "ana@example.com"}, HTTP_X_REQUEST_ID="lb-5678efgh")
    finally:
        handler.removeFilter(handler.filters[-1])

    lines = [json.loads(JsonFormatter().format(record)) for record in caplog.records if record.name.startswith("mail")]
    second_try = next(line for line in lines if line["message"].endswith("(try 2)."))
    assert second_try["request_id"] == "lb-5678efgh"
    assert second_try["task"] == "mailing.tasks.mail_send"
    assert second_try["retries"] == 1
    assert len(second_try["task_id"]) == 36
    assert second_try["reason"] == "451 the mail server is down"


# ---- Many at once


def test_many_mails_are_stored_with_one_insert_and_handed_over_once_after_the_commit(
    mailoutbox, django_assert_num_queries, django_capture_on_commit_callbacks
):
    recipients = [(f"entrant{n}@example.com", {"n": n}) for n in range(30)]

    with mock.patch.object(services, "BULK_CHUNK", 20), django_capture_on_commit_callbacks() as callbacks:
        with django_assert_num_queries(1):
            ids = services.mails_queue(kind="newsletter_confirm", mails=recipients)
        # Nothing handed over, nothing sent, before the commit.
        assert mailoutbox == []

    assert len(callbacks) == 1
    stored = Mail.objects.order_by("pk")
    assert list(stored.values_list("pk", flat=True)) == ids
    assert [(mail.to, mail.context, mail.state) for mail in stored] == [
        (to, context, Mail.State.PENDING) for to, context in recipients
    ]
    with mock.patch.object(celery_app.tasks[services.MAILS_SEND_TASK], "apply_async") as published:
        callbacks[0]()
    assert [call.kwargs["args"] for call in published.call_args_list] == [[ids[:20]], [ids[20:]]]


def _two_signups_mailed() -> list[int]:
    sent = [ContactMessage.objects.create(name="Ana", email=email, message="Hi") for email in ("ana@x.com", "bo@x.com")]
    return services.mails_queue(kind="contact_message", mails=[(m.email, {"contact_message": m.pk}) for m in sent])


def test_a_chunk_of_mails_sends_each_once_and_hands_a_refused_one_on_alone(mailoutbox, mail_server_down):
    ids = _two_signups_mailed()

    with mock.patch.object(tasks.mail_send, "apply_async") as alone:
        assert tasks.mails_send(ids) == {"refused": 2}
    assert [call.kwargs["args"] for call in alone.call_args_list] == [[ids[0]], [ids[1]]]
    assert set(Mail.objects.values_list("state", flat=True)) == {Mail.State.PENDING}


def test_many_mails_of_an_unknown_kind_fail_where_they_are_queued():
    from django.core.exceptions import ImproperlyConfigured

    with pytest.raises(ImproperlyConfigured):
        services.mails_queue(kind="postcard", mails=[("ana@example.com", {})])
    assert not Mail.objects.exists()


def test_a_chunk_of_mails_delivered_twice_sends_each_once(mailoutbox):
    ids = _two_signups_mailed()

    assert tasks.mails_send(ids) == {"sent": 2}
    assert tasks.mails_send(ids) == {"skipped": 2}
    assert sorted(message.to[0] for message in mailoutbox) == ["ana@x.com", "bo@x.com"]
