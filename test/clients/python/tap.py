"""TAP-like output for the client programs of test/clients/: "ok N - name" or
"not ok N - name" with the reason indented below, then "1..N"; the process
exits 1 when any check failed (test/clients/run.sh counts the lines)."""
import os
import sys
import traceback


class Tap:
    def __init__(self):
        self.count = 0
        self.failed = 0
        # Which edition of uuid6 the database holds, and the schema of its
        # functions (the C library in public, the SQL edition in uuid6).
        self.edition = os.environ.get("UUID6_EDITION", "c")
        self.schema = os.environ.get("UUID6_SCHEMA", "public")

    def check(self, name, condition, diagnostic=""):
        self.count += 1
        if condition:
            print(f"ok {self.count} - {name}", flush=True)
        else:
            self.failed += 1
            print(f"not ok {self.count} - {name}", flush=True)
            for line in str(diagnostic).splitlines()[:20]:
                print(f"#   {line}", flush=True)
        return condition

    def run(self, name, body):
        """Runs body(); an exception is a failed check named NAME."""
        try:
            body()
        except Exception:  # reported as a failed check, never swallowed
            self.check(f"{name} (raised)", False, traceback.format_exc())

    def check_extension(self, before, after):
        """The migration's first step, given the count of extension uuid6 in
        the database before and after the migration: with the C library it
        created the extension in a fresh database; with the SQL edition, whose
        plain script was run beforehand, it made none."""
        if self.edition == "c":
            self.check("a fresh database: no extension uuid6 before the migration", before == 0, before)
            self.check("the migration created extension uuid6", after == 1, after)
        else:
            self.check("the SQL edition, installed beforehand, is used as it is: the migration made no extension",
                       before == 0 and after == 0, (before, after))

    def check_creation_time(self, how, made, start, end):
        """MADE, the creation time read from a key made between START and END
        (the server's clock either side of the INSERT), is neither earlier
        than the insert's start less uuid6's lag bound (a key's time may lie
        up to a millisecond behind its making; read to the millisecond) nor
        later than its end."""
        import datetime
        if start:
            lagged = start - datetime.timedelta(milliseconds=1)
            floor = lagged.replace(microsecond=lagged.microsecond // 1000 * 1000)
        else:
            floor = None
        self.check(f"the creation time read through {how} is within the insert: not before its start less the lag bound (1 ms), not after its end",
                   made is not None and floor <= made <= end, f"start {start}\nmade  {made}\nend   {end}")

    def done(self):
        print(f"1..{self.count}", flush=True)
        sys.exit(1 if self.failed or self.count == 0 else 0)


def is_v7(key):
    """key is a uuid.UUID of version 7 and the RFC 9562 variant."""
    import uuid
    return isinstance(key, uuid.UUID) and key.version == 7 and key.variant == uuid.RFC_4122


# How many extensions named uuid6 the database has.
EXTENSION_COUNT_SQL = "SELECT count(*) FROM pg_extension WHERE extname = 'uuid6'"

# The function a column's DEFAULT calls, as schema.name, read from the
# catalog: the default is uuid6's generator, not a function of the same name
# elsewhere.
DEFAULT_FUNCTION_SQL = """
SELECT n.nspname || '.' || p.proname
FROM pg_attrdef d
JOIN pg_depend dep ON dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
                  AND dep.refclassid = 'pg_proc'::regclass
JOIN pg_proc p ON p.oid = dep.refobjid
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
WHERE d.adrelid = %s::regclass AND a.attname = 'id'
"""
