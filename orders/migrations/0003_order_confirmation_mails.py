"""A paid order whose confirmation was never mailed gets it as pending mail of the outbox, which beat's resend sends;
mailed_at leaves the model, its column staying, nullable, for the release before this one (docs/DEPLOY.md)."""

from django.db import migrations


def outbox_fill(apps, schema_editor):
    db = schema_editor.connection.alias
    Mail = apps.get_model("mailing", "Mail")
    Order = apps.get_model("orders", "Order")
    unmailed = Order.objects.using(db).filter(payment="paid", mailed_at__isnull=True).only("pk", "email")
    Mail.objects.using(db).bulk_create(
        (Mail(kind="order_confirmation", to=order.email, context={"order": order.pk}) for order in unmailed),
        batch_size=1000,
    )


def mailed_at_fill(apps, schema_editor):
    db = schema_editor.connection.alias
    Mail = apps.get_model("mailing", "Mail")
    Order = apps.get_model("orders", "Order")
    done = Mail.objects.using(db).filter(kind="order_confirmation", state__in=["sent", "dropped"])
    for mail in done.only("context", "sent_at", "updated_at").iterator(chunk_size=1000):
        Order.objects.using(db).filter(pk=mail.context.get("order"), mailed_at__isnull=True).update(
            mailed_at=mail.sent_at or mail.updated_at
        )


class Migration(migrations.Migration):

    dependencies = [
        ('orders', '0002_order_idempotency_token'),
        ('mailing', '0002_mail'),
    ]

    operations = [
        migrations.RunPython(outbox_fill, mailed_at_fill),
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.RemoveField(model_name='order', name='mailed_at')],
        ),
    ]
