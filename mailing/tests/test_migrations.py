"""The outbox's migrations: what was never mailed becomes pending mail, and going back marks what was sent."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("mailing", "0001_initial"), ("orders", "0002_order_idempotency_token")]
AFTER = [("mailing", "0004_remove_mailed_at"), ("orders", "0003_order_confirmation_mails")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def before():
    """The database as the release before the outbox left it; put back to the latest afterwards."""
    apps = migrate(BEFORE)
    yield apps
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_unmailed_rows_become_pending_mail_and_back(before, settings):
    settings.SHOP_CONTACT_EMAIL = "inbox@kicks.test"
    mailed = timezone.now()
    Signup, Contact = before.get_model("mailing", "NewsletterSignup"), before.get_model("mailing", "ContactMessage")
    User, Order = before.get_model("accounts", "User"), before.get_model("orders", "Order")
    waiting_signup = Signup.objects.create(email="waiting@example.com")
    Signup.objects.create(email="mailed@example.com", mailed_at=mailed)
    waiting_message = Contact.objects.create(name="Jane", email="jane@example.com", message="Where is my order?")
    Contact.objects.create(name="Joe", email="joe@example.com", message="Thanks a lot!", mailed_at=mailed)
    user = User.objects.create(email="shopper@example.com", uid="u" * 28)
    order = {"user": user, "email": user.email, "amount": 9999, "currency": "usd"}
    waiting_order = Order.objects.create(**order, payment="paid", payment_method_id="pm_1", payment_intent_id="pi_1")
    Order.objects.create(**order, payment="paid", payment_method_id="pm_2", payment_intent_id="pi_2", mailed_at=mailed)
    # Never paid: nothing to confirm.
    Order.objects.create(**order, payment="released", payment_method_id="pm_3")

    after = migrate(AFTER)

    Mail = after.get_model("mailing", "Mail")
    assert sorted(Mail.objects.values_list("kind", "to", "reply_to", "context", "state")) == [
        ("contact_message", "inbox@kicks.test", "jane@example.com", {"contact_message": waiting_message.pk}, "pending"),
        ("newsletter_welcome", "waiting@example.com", "", {"signup": waiting_signup.pk}, "pending"),
        ("order_confirmation", "shopper@example.com", "", {"order": waiting_order.pk}, "pending"),
    ]

    # Back to the release before: a mail sent meanwhile marks its row mailed; one still waiting leaves it unmailed.
    Mail.objects.filter(kind="newsletter_welcome").update(state="sent", sent_at=mailed)
    Mail.objects.filter(kind="order_confirmation").update(state="dropped")
    back = migrate(BEFORE)

    Signup, Contact, Order = (
        back.get_model(*name)
        for name in (("mailing", "NewsletterSignup"), ("mailing", "ContactMessage"), ("orders", "Order"))
    )
    assert Signup.objects.filter(mailed_at__isnull=True).count() == 0
    assert list(Contact.objects.filter(mailed_at__isnull=True).values_list("pk", flat=True)) == [waiting_message.pk]
    assert Order.objects.get(pk=waiting_order.pk).mailed_at is not None
