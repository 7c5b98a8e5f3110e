# Check-in links and table links are one kind of token link (models/links.py): the
# check-in link's closing stamp takes the table link's name, ``revoked_at`` (the data
# kept).

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0029_who_pays_reserves_one_prize"),
    ]

    operations = [
        migrations.RenameField(
            model_name="checkinlink",
            old_name="closed_at",
            new_name="revoked_at",
        ),
    ]
