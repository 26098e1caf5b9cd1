# The newsletter's double opt-in (issue 26): a signup counts once its address confirmed. The signups of the releases
# before it, each welcomed with an unsubscribe link, count as confirmed when they signed up.

from django.db import migrations, models
from django.db.models import F


def signed_up_before_confirmed(apps, schema_editor):
    NewsletterSignup = apps.get_model("mailing", "NewsletterSignup")
    NewsletterSignup.objects.filter(confirmed_at__isnull=True).update(confirmed_at=F("created_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("mailing", "0004_remove_mailed_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="newslettersignup",
            name="confirmation_mailed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="newslettersignup",
            name="confirmed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(signed_up_before_confirmed, migrations.RunPython.noop),
    ]
