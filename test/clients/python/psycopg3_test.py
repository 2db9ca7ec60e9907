"""uuid6 from psycopg 3: uuid6 installed (CREATE EXTENSION, unless the SQL
edition's plain script was run beforehand) and a table keyed by DEFAULT
uuid_generate_v7() made by DDL, the creation time read back with
uuid_extract_time(id), keys read back with RETURNING as uuid.UUID, order across two
connections, a time range with uuid_v7_floor bounds as bound parameters on
the primary key's index, and a prepared INSERT whose cached plan still makes
a fresh key each time. Connects with libpq's environment (PGHOST, PGPORT,
PGUSER, PGDATABASE); run by test/clients/run.sh."""
import datetime
import time

import psycopg

from tap import DEFAULT_FUNCTION_SQL, EXTENSION_COUNT_SQL, Tap, is_v7

t = Tap()
a = psycopg.connect(autocommit=True)
b = psycopg.connect(autocommit=True)


def table():
    before = a.execute(EXTENSION_COUNT_SQL).fetchone()[0]
    a.execute("""
        DO $$
        BEGIN
            IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
                CREATE EXTENSION IF NOT EXISTS uuid6;
            END IF;
        END
        $$""")
    t.check_extension(before, a.execute(EXTENSION_COUNT_SQL).fetchone()[0])
    a.execute("DROP TABLE IF EXISTS psycopg3_items")
    a.execute("""
        CREATE TABLE psycopg3_items (
            id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
            n integer NOT NULL
        )""")
    got = a.execute(DEFAULT_FUNCTION_SQL, ("psycopg3_items",)).fetchone()[0]
    t.check(f"the DEFAULT calls {t.schema}.uuid_generate_v7", got == f"{t.schema}.uuid_generate_v7", got)


def insert(conn, n):
    return conn.execute(
        "INSERT INTO psycopg3_items (n) VALUES (%s) RETURNING id", (n,)
    ).fetchone()[0]


def returning():
    keys = [insert(a, n) for n in range(1, 4)]
    t.check("RETURNING id gives uuid.UUID keys of version 7", all(is_v7(k) for k in keys), repr(keys))


def creation_time():
    start = a.execute("SELECT clock_timestamp()").fetchone()[0]
    key = insert(a, 50)
    end = a.execute("SELECT clock_timestamp()").fetchone()[0]
    made = a.execute("SELECT uuid_extract_time(id) FROM psycopg3_items WHERE id = %s", (key,)).fetchone()[0]
    t.check_creation_time("uuid_extract_time(id)", made, start, end)


def order():
    pids = {c.info.backend_pid for c in (a, b)}
    t.check("two connections, two backends", len(pids) == 2, pids)
    keys = [insert(a if n % 2 == 0 else b, n) for n in range(100, 120)]
    t.check("keys returned in insertion order rise, alternating connections",
            keys == sorted(set(keys)), keys)
    by_key = [r[0] for r in a.execute(
        "SELECT n FROM psycopg3_items WHERE n BETWEEN 100 AND 119 ORDER BY id")]
    t.check("ORDER BY id is insertion order across the two connections",
            by_key == list(range(100, 120)), by_key)


def prepared():
    # psycopg 3 prepares a statement on the server after prepare_threshold
    # (default 5) executions; the plan is then cached for the connection.
    with psycopg.connect(autocommit=True) as conn:
        conn.execute("SET plan_cache_mode = force_generic_plan")
        keys = [insert(conn, n) for n in range(300, 312)]
        plans = conn.execute(
            "SELECT generic_plans FROM pg_prepared_statements WHERE statement LIKE %s",
            ("INSERT INTO psycopg3_items%",)).fetchone()
    t.check("the INSERT was prepared on the server and its cached plan reused",
            plans is not None and plans[0] >= 5, plans)
    t.check("a cached plan makes a fresh, rising key each time",
            keys == sorted(set(keys)) and len(keys) == 12, keys)


def time_range():
    before = [insert(a, n) for n in range(200, 205)]
    time.sleep(0.005)
    cut = a.execute("SELECT clock_timestamp()").fetchone()[0]
    time.sleep(0.005)
    after = [insert(a, n) for n in range(205, 210)]
    query = """
        SELECT id FROM psycopg3_items
        WHERE id >= uuid_v7_floor(%s) AND id < uuid_v7_floor(%s)
        ORDER BY id"""
    bounds = (cut, cut + datetime.timedelta(hours=1))
    got = [r[0] for r in a.execute(query, bounds)]
    t.check("uuid_v7_floor bounds as parameters select the keys made after the cut",
            got == after, f"got {got}\nbefore the cut {before}\nafter {after}")
    with a.transaction():
        a.execute("SET LOCAL enable_seqscan = off")
        plan = "\n".join(r[0] for r in a.execute("EXPLAIN " + query, bounds))
    t.check("the range is an index condition on the primary key",
            "Index Cond" in plan and "psycopg3_items_pkey" in plan and "Filter" not in plan, plan)
    times = [r[0] for r in a.execute(
        "SELECT uuid_extract_time(id) FROM psycopg3_items WHERE n BETWEEN 200 AND 209 ORDER BY n")]
    t.check("uuid_extract_time reads datetimes on each side of the cut",
            all(x < cut for x in times[:5]) and all(x >= cut.replace(microsecond=cut.microsecond // 1000 * 1000) for x in times[5:]),
            f"cut {cut}\n{times}")


t.run("table", table)
t.run("RETURNING version 7 keys", returning)
t.run("creation time", creation_time)
t.run("insertion order across connections", order)
t.run("prepared statement, cached plan", prepared)
t.run("time range, index condition", time_range)
a.close()
b.close()
t.done()
