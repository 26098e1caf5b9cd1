# The Favorite model now belongs to the favorites app (favorites 0001): its table stays, only the state moves.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_favorites'),
        ('favorites', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='Favorite')],
            database_operations=[],
        ),
    ]
