from django.db import migrations, models

import clientsapp.models


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [
        migrations.RunSQL(
            """
            DO $$
            BEGIN
                IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
                    CREATE EXTENSION IF NOT EXISTS uuid6;
                END IF;
            END
            $$""",
            reverse_sql=migrations.RunSQL.noop,
        ),
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
