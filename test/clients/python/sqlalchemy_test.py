"""uuid6 from SQLAlchemy 1.4 (psycopg2): a model whose key has
server_default=text("uuid_generate_v7()"), uuid6 and the table made by
metadata.create_all (a DDL event before it creates uuid6's extension, unless
the SQL edition's plain script was run beforehand), the creation time read
with func.uuid_extract_time, keys read back by the ORM (RETURNING) as uuid.UUID,
order across two sessions on two connections, and a time range with
uuid_v7_floor bounds as bound parameters on the primary key's index.
Connects with libpq's environment; run by test/clients/run.sh."""
import datetime
import os
import time

from sqlalchemy import DDL, Column, DateTime, Integer, create_engine, event, func, select, text
from sqlalchemy.dialects.postgresql import UUID
from sqlalchemy.orm import Session, declarative_base

from tap import DEFAULT_FUNCTION_SQL, EXTENSION_COUNT_SQL, Tap, is_v7

t = Tap()
env = os.environ
engine = create_engine(
    f"postgresql+psycopg2://{env['PGUSER']}@{env['PGHOST']}:{env['PGPORT']}/{env['PGDATABASE']}",
    future=True)
Base = declarative_base()


event.listen(Base.metadata, "before_create", DDL("""
    DO $$
    BEGIN
        IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
            CREATE EXTENSION IF NOT EXISTS uuid6;
        END IF;
    END
    $$"""))


class Item(Base):
    __tablename__ = "sqlalchemy_items"
    id = Column(UUID(as_uuid=True), primary_key=True, server_default=text("uuid_generate_v7()"))
    n = Column(Integer, nullable=False)


def table():
    with engine.connect() as conn:
        before = conn.exec_driver_sql(EXTENSION_COUNT_SQL).scalar()
    Base.metadata.drop_all(engine)
    Base.metadata.create_all(engine)
    with engine.connect() as conn:
        t.check_extension(before, conn.exec_driver_sql(EXTENSION_COUNT_SQL).scalar())
        got = conn.exec_driver_sql(DEFAULT_FUNCTION_SQL, ("sqlalchemy_items",)).scalar()
    t.check(f"the DEFAULT calls {t.schema}.uuid_generate_v7", got == f"{t.schema}.uuid_generate_v7", got)


def add(session, n):
    item = Item(n=n)
    session.add(item)
    session.flush()  # INSERT ... RETURNING sqlalchemy_items.id
    key = item.id
    session.commit()
    return key


def returning():
    with Session(engine) as session:
        keys = [add(session, n) for n in range(1, 4)]
    t.check("the ORM reads the server's keys back as uuid.UUID of version 7",
            all(is_v7(k) for k in keys), repr(keys))


def creation_time():
    with Session(engine) as session:
        start = session.execute(text("SELECT clock_timestamp()")).scalar()
        key = add(session, 50)
        end = session.execute(text("SELECT clock_timestamp()")).scalar()
        made = session.scalar(
            select(func.uuid_extract_time(Item.id, type_=DateTime(timezone=True))).where(Item.id == key))
    t.check_creation_time("func.uuid_extract_time", made, start, end)


def order():
    with Session(engine) as s1, Session(engine) as s2:
        pids = {s.execute(text("SELECT pg_backend_pid()")).scalar() for s in (s1, s2)}
        t.check("two sessions, two backends", len(pids) == 2, pids)
        keys = [add(s1 if n % 2 == 0 else s2, n) for n in range(100, 120)]
    t.check("keys returned in insertion order rise, alternating sessions",
            keys == sorted(set(keys)), keys)
    with Session(engine) as session:
        by_key = session.scalars(
            select(Item.n).where(Item.n.between(100, 119)).order_by(Item.id)).all()
    t.check("ORDER BY id is insertion order across the two sessions",
            by_key == list(range(100, 120)), by_key)


def time_range():
    with Session(engine) as session:
        before = [add(session, n) for n in range(200, 205)]
        time.sleep(0.005)
        cut = session.execute(text("SELECT clock_timestamp()")).scalar()
        time.sleep(0.005)
        after = [add(session, n) for n in range(205, 210)]
        query = (select(Item)
                 .where(Item.id >= func.uuid_v7_floor(cut),
                        Item.id < func.uuid_v7_floor(cut + datetime.timedelta(hours=1)))
                 .order_by(Item.id))
        got = [item.id for item in session.scalars(query)]
        t.check("uuid_v7_floor bounds as bound parameters select the keys made after the cut",
                got == after, f"got {got}\nbefore the cut {before}\nafter {after}")
        compiled = query.compile(engine)
        session.execute(text("SET LOCAL enable_seqscan = off"))
        plan = "\n".join(session.connection().exec_driver_sql(
            "EXPLAIN " + str(compiled), compiled.params).scalars())
        session.rollback()
    t.check("the range is an index condition on the primary key",
            "Index Cond" in plan and "sqlalchemy_items_pkey" in plan and "Filter" not in plan, f"{compiled}\n{plan}")


t.run("table", table)
t.run("RETURNING version 7 keys", returning)
t.run("creation time", creation_time)
t.run("insertion order across connections", order)
t.run("time range, index condition", time_range)
engine.dispose()
t.done()
