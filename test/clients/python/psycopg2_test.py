"""uuid6 from psycopg2: uuid6 installed (CREATE EXTENSION, unless the SQL
edition's plain script was run beforehand) and a table keyed by DEFAULT
uuid_generate_v7() made by DDL, the creation time read back with
uuid_extract_time(id), keys read back with RETURNING as uuid.UUID (psycopg2 reads uuid as str
until register_uuid() is called), order across two connections, and a time
range with uuid_v7_floor bounds as query parameters on the primary key's
index. psycopg2 binds parameters on the client and prepares nothing on the
server. Connects with libpq's environment; run by test/clients/run.sh."""
import datetime
import time

import psycopg2
import psycopg2.extras

from tap import DEFAULT_FUNCTION_SQL, EXTENSION_COUNT_SQL, Tap, is_v7

t = Tap()
psycopg2.extras.register_uuid()  # uuid columns as uuid.UUID, in every connection
a = psycopg2.connect("")
b = psycopg2.connect("")
a.autocommit = b.autocommit = True


def one(conn, query, params=None):
    with conn.cursor() as cur:
        cur.execute(query, params)
        return cur.fetchone()[0]


def table():
    before = one(a, EXTENSION_COUNT_SQL)
    with a.cursor() as cur:
        cur.execute("""
            DO $$
            BEGIN
                IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
                    CREATE EXTENSION IF NOT EXISTS uuid6;
                END IF;
            END
            $$""")
    t.check_extension(before, one(a, EXTENSION_COUNT_SQL))
    with a.cursor() as cur:
        cur.execute("DROP TABLE IF EXISTS psycopg2_items")
        cur.execute("""
            CREATE TABLE psycopg2_items (
                id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
                n integer NOT NULL
            )""")
    got = one(a, DEFAULT_FUNCTION_SQL, ("psycopg2_items",))
    t.check(f"the DEFAULT calls {t.schema}.uuid_generate_v7", got == f"{t.schema}.uuid_generate_v7", got)


def insert(conn, n):
    with conn.cursor() as cur:
        cur.execute("INSERT INTO psycopg2_items (n) VALUES (%s) RETURNING id", (n,))
        return cur.fetchone()[0]


def returning():
    keys = [insert(a, n) for n in range(1, 4)]
    t.check("RETURNING id gives uuid.UUID keys of version 7", all(is_v7(k) for k in keys), repr(keys))


def creation_time():
    start = one(a, "SELECT clock_timestamp()")
    key = insert(a, 50)
    end = one(a, "SELECT clock_timestamp()")
    made = one(a, "SELECT uuid_extract_time(id) FROM psycopg2_items WHERE id = %s", (key,))
    t.check_creation_time("uuid_extract_time(id)", made, start, end)


def order():
    pids = {c.get_backend_pid() for c in (a, b)}
    t.check("two connections, two backends", len(pids) == 2, pids)
    keys = [insert(a if n % 2 == 0 else b, n) for n in range(100, 120)]
    t.check("keys returned in insertion order rise, alternating connections",
            keys == sorted(set(keys)), keys)
    with a.cursor() as cur:
        cur.execute("SELECT n FROM psycopg2_items WHERE n BETWEEN 100 AND 119 ORDER BY id")
        by_key = [r[0] for r in cur]
    t.check("ORDER BY id is insertion order across the two connections",
            by_key == list(range(100, 120)), by_key)


def time_range():
    before = [insert(a, n) for n in range(200, 205)]
    time.sleep(0.005)
    cut = one(a, "SELECT clock_timestamp()")
    time.sleep(0.005)
    after = [insert(a, n) for n in range(205, 210)]
    query = """
        SELECT id FROM psycopg2_items
        WHERE id >= uuid_v7_floor(%s) AND id < uuid_v7_floor(%s)
        ORDER BY id"""
    bounds = (cut, cut + datetime.timedelta(hours=1))
    with a.cursor() as cur:
        cur.execute(query, bounds)
        got = [r[0] for r in cur]
    t.check("uuid_v7_floor bounds as parameters select the keys made after the cut",
            got == after, f"got {got}\nbefore the cut {before}\nafter {after}")
    a.autocommit = False  # one transaction for SET LOCAL and EXPLAIN
    with a.cursor() as cur:
        cur.execute("SET LOCAL enable_seqscan = off")
        cur.execute("EXPLAIN " + query, bounds)
        plan = "\n".join(r[0] for r in cur)
    a.rollback()
    a.autocommit = True
    t.check("the range is an index condition on the primary key",
            "Index Cond" in plan and "psycopg2_items_pkey" in plan and "Filter" not in plan, plan)


t.run("table", table)
t.run("RETURNING version 7 keys", returning)
t.run("creation time", creation_time)
t.run("insertion order across connections", order)
t.run("time range, index condition", time_range)
a.close()
b.close()
t.done()
