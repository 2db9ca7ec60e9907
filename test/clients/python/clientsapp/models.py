"""The model of test/clients/python/django_test.py: a key that PostgreSQL
fills from the column's DEFAULT (set by the migration), read back with
RETURNING."""
from django.db import models
from django.db.models.fields import AutoFieldMixin


class DatabaseDefaultUUIDField(AutoFieldMixin, models.UUIDField):
    """A uuid primary key made by the database: Django 3.2 leaves it out of
    the INSERT and reads it back with RETURNING, as it does for an AutoField
    (Django 3.2 has no db_default)."""


class Item(models.Model):
    id = DatabaseDefaultUUIDField(primary_key=True)
    n = models.IntegerField()
