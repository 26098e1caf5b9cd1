"""What visitors sent and was never mailed becomes pending mail of the outbox, which beat's resend sends."""

from django.conf import settings
from django.db import migrations


def outbox_fill(apps, schema_editor):
    db = schema_editor.connection.alias
    Mail = apps.get_model("mailing", "Mail")
    NewsletterSignup = apps.get_model("mailing", "NewsletterSignup")
    ContactMessage = apps.get_model("mailing", "ContactMessage")
    Mail.objects.using(db).bulk_create(
        (
            Mail(kind="newsletter_welcome", to=signup.email, context={"signup": signup.pk})
            for signup in NewsletterSignup.objects.using(db).filter(mailed_at__isnull=True).only("pk", "email")
        ),
        batch_size=1000,
    )
    Mail.objects.using(db).bulk_create(
        (
            Mail(
                kind="contact_message",
                to=settings.SHOP_CONTACT_EMAIL,
                reply_to=message.email,
                context={"contact_message": message.pk},
            )
            for message in ContactMessage.objects.using(db).filter(mailed_at__isnull=True).only("pk", "email")
        ),
        batch_size=1000,
    )


def mailed_at_fill(apps, schema_editor):
    # Back to the release before the outbox: a row counts as mailed when its mail was sent (or can never be).
    db = schema_editor.connection.alias
    Mail = apps.get_model("mailing", "Mail")
    for kind, model, key in (
        ("newsletter_welcome", apps.get_model("mailing", "NewsletterSignup"), "signup"),
        ("contact_message", apps.get_model("mailing", "ContactMessage"), "contact_message"),
    ):
        done = Mail.objects.using(db).filter(kind=kind, state__in=["sent", "dropped"])
        for mail in done.only("context", "sent_at", "updated_at").iterator(chunk_size=1000):
            model.objects.using(db).filter(pk=mail.context.get(key), mailed_at__isnull=True).update(
                mailed_at=mail.sent_at or mail.updated_at
            )


class Migration(migrations.Migration):

    dependencies = [
        ('mailing', '0002_mail'),
    ]

    operations = [
        migrations.RunPython(outbox_fill, mailed_at_fill),
    ]
