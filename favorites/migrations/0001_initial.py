# Favorites move from the accounts app to their own: the table (accounts_favorite) and its rows stay as they are,
# only Django's record of which app the model belongs to changes (accounts 0003 forgets it there).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('accounts', '0002_favorites'),
        ('catalog', '0005_shoe_archived_at'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Favorite',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('shoe', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='catalog.shoe')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='favorites', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'accounts_favorite',
                        'ordering': ['-created_at', '-id'],
                        'constraints': [models.UniqueConstraint(fields=('user', 'shoe'), name='accounts_favorite_once_per_shoe')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
