"""mailed_at leaves the models; its columns stay, nullable, so the release before this one keeps working while a
release migrates (docs/DEPLOY.md). A later release drops them."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('mailing', '0003_mail_visitor_records'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(model_name='contactmessage', name='mailed_at'),
                migrations.RemoveField(model_name='newslettersignup', name='mailed_at'),
            ],
        ),
    ]
