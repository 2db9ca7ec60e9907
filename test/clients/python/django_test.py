"""uuid6 from Django 3.2 (psycopg2): a model whose uuid key the database
fills; uuid6 (CREATE EXTENSION, unless the SQL edition's plain script was
run beforehand), the table and its DEFAULT uuid_generate_v7() made by a
migration (clientsapp/migrations/0001_initial.py); the creation time read
with a Func, uuid_extract_time; keys read back with RETURNING as
uuid.UUID, order across two database aliases (two connections), and a time
range with uuid_v7_floor bounds as query parameters on the primary key's
index (QuerySet.explain). Connects with libpq's environment; run by
test/clients/run.sh."""
import datetime
import os
import time

import django
from django.conf import settings

from tap import DEFAULT_FUNCTION_SQL, EXTENSION_COUNT_SQL, Tap, is_v7

database = {
    "ENGINE": "django.db.backends.postgresql",
    "NAME": os.environ["PGDATABASE"],
    "USER": os.environ["PGUSER"],
    "HOST": os.environ["PGHOST"],
    "PORT": os.environ["PGPORT"],
}
settings.configure(
    INSTALLED_APPS=["clientsapp"],
    DATABASES={"default": database, "other": dict(database)},
    USE_TZ=True,
)
django.setup()

from django.core.management import call_command  # noqa: E402  (after setup)
from django.db import connections, transaction  # noqa: E402
from django.db.models import DateTimeField, Func, UUIDField, Value  # noqa: E402

from clientsapp.models import Item  # noqa: E402

t = Tap()


class UuidV7Floor(Func):
    function = "uuid_v7_floor"
    output_field = UUIDField()


class UuidExtractTime(Func):
    function = "uuid_extract_time"
    output_field = DateTimeField()


def extensions():
    with connections["default"].cursor() as cur:
        cur.execute(EXTENSION_COUNT_SQL)
        return cur.fetchone()[0]


def table():
    before = extensions()
    call_command("migrate", "clientsapp", "zero", verbosity=0)
    call_command("migrate", "clientsapp", verbosity=0)
    t.check_extension(before, extensions())
    with connections["default"].cursor() as cur:
        cur.execute(DEFAULT_FUNCTION_SQL, ("clientsapp_item",))
        got = cur.fetchone()[0]
    t.check(f"the migration's DEFAULT calls {t.schema}.uuid_generate_v7",
            got == f"{t.schema}.uuid_generate_v7", got)


def returning():
    keys = [Item.objects.create(n=n).pk for n in range(1, 4)]
    t.check("Item.objects.create() reads the key back as uuid.UUID of version 7",
            all(is_v7(k) for k in keys), repr(keys))


def clock():
    with connections["default"].cursor() as cur:
        cur.execute("SELECT clock_timestamp()")
        return cur.fetchone()[0]


def creation_time():
    start = clock()
    key = Item.objects.create(n=50).pk
    end = clock()
    made = Item.objects.filter(pk=key).annotate(made=UuidExtractTime("id")).values_list("made", flat=True).get()
    t.check_creation_time("a Func, uuid_extract_time", made, start, end)


def order():
    pids = set()
    for alias in ("default", "other"):
        with connections[alias].cursor() as cur:
            cur.execute("SELECT pg_backend_pid()")
            pids.add(cur.fetchone()[0])
    t.check("two database aliases, two backends", len(pids) == 2, pids)
    keys = [Item.objects.using("default" if n % 2 == 0 else "other").create(n=n).pk
            for n in range(100, 120)]
    t.check("keys returned in insertion order rise, alternating connections",
            keys == sorted(set(keys)), keys)
    by_key = list(Item.objects.filter(n__range=(100, 119)).order_by("id").values_list("n", flat=True))
    t.check("ORDER BY id is insertion order across the two connections",
            by_key == list(range(100, 120)), by_key)


def time_range():
    before = [Item.objects.create(n=n).pk for n in range(200, 205)]
    time.sleep(0.005)
    with connections["default"].cursor() as cur:
        cur.execute("SELECT clock_timestamp()")
        cut = cur.fetchone()[0]
    time.sleep(0.005)
    after = [Item.objects.create(n=n).pk for n in range(205, 210)]
    since = Value(cut, output_field=DateTimeField())
    until = Value(cut + datetime.timedelta(hours=1), output_field=DateTimeField())
    made = Item.objects.filter(id__gte=UuidV7Floor(since), id__lt=UuidV7Floor(until)).order_by("id")
    got = [item.pk for item in made]
    t.check("uuid_v7_floor bounds as parameters select the keys made after the cut",
            got == after, f"got {got}\nbefore the cut {before}\nafter {after}")
    with transaction.atomic():
        with connections["default"].cursor() as cur:
            cur.execute("SET LOCAL enable_seqscan = off")
        plan = made.explain()
    t.check("the range is an index condition on the primary key",
            "Index Cond" in plan and "clientsapp_item_pkey" in plan and "Filter" not in plan, f"{made.query}\n{plan}")


t.run("table", table)
t.run("RETURNING version 7 keys", returning)
t.run("creation time", creation_time)
t.run("insertion order across connections", order)
t.run("time range, index condition", time_range)
for c in connections.all():
    c.close()
t.done()
