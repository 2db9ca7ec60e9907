from django.db import migrations, models

import clientsapp.models


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [
        migrations.CreateModel(
            name="Item",
            fields=[
                ("id", clientsapp.models.DatabaseDefaultUUIDField(primary_key=True, serialize=False)),
                ("n", models.IntegerField()),
            ],
        ),
        migrations.RunSQL(
            "ALTER TABLE clientsapp_item ALTER COLUMN id SET DEFAULT uuid_generate_v7()",
            reverse_sql="ALTER TABLE clientsapp_item ALTER COLUMN id DROP DEFAULT",
        ),
    ]
