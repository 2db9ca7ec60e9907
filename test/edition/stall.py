#!/usr/bin/env python3
"""A client that stops reading, against the SQL edition's lift.

test/edition/stall.py SOCKET_DIR PORT DATABASE ROLE SCHEMA [STALLS]

ROLE (an application role: USAGE on SCHEMA, nothing more) asks for every debug
line (client_min_messages = debug5) and makes v7 keys without end; this client
reads none of what the server sends. In each of STALLS rounds (20), once its
backend blocks writing to it (wait_event ClientWrite) or half a second has passed,
a superuser's session looks whether the lift's row of v7 is held while the
backend waits for this client (locked at three tries 25 ms apart, FOR UPDATE
NOWAIT on uuid6_sql_sequences.uuid6_sql_lifts, the backend blocked writing to
this client right after) and how far behind the clock a
key made meanwhile by another session lies; then this client reads a little
(1 to 64 KB), and a blocked backend runs on until it blocks again. Prints one
line per round and a last line:

    rounds R blocked B held H worst_lag_ms L

(B: the rounds in which the backend blocked writing to this client.) H must be 0: no uuid6 lock may be held while a client does not read. L is the
worst lag of the other session's keys, in milliseconds, after it waited 300 ms
into each stall (a held row stops every lift: the lag then grows with the
stall).

Speaks the frontend/backend protocol 3.0 itself (trust authentication over
the Unix socket), so that what is read from the socket, and when, is this
script's alone.
"""
import os
import random
import socket
import struct
import sys
import time


class Connection:
    def __init__(self, socket_dir, port, database, user):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(os.path.join(socket_dir, ".s.PGSQL.%d" % port))
        params = b"user\0" + user.encode() + b"\0database\0" + database.encode() + b"\0\0"
        body = struct.pack("!i", 196608) + params
        self.sock.sendall(struct.pack("!i", len(body) + 4) + body)
        self.pid = None
        self.buffer = b""
        while True:
            kind, payload = self.message()
            if kind == b"R" and struct.unpack("!i", payload[:4])[0] != 0:
                raise SystemExit("stall.py: the server asks for a password; trust is needed")
            if kind == b"K":
                self.pid = struct.unpack("!i", payload[:4])[0]
            if kind == b"E":
                raise SystemExit("stall.py: connecting as %s: %r" % (user, payload))
            if kind == b"Z":
                return

    def read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise SystemExit("stall.py: the server closed the connection")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def message(self):
        kind = self.read(1)
        length = struct.unpack("!i", self.read(4))[0]
        return kind, self.read(length - 4)

    def send_query(self, sql):
        body = sql.encode() + b"\0"
        self.sock.sendall(b"Q" + struct.pack("!i", len(body) + 4) + body)

    def query(self, sql):
        """Rows of the last result as lists of text (None for NULL), or the
        error's SQLSTATE as a string."""
        self.send_query(sql)
        rows, error = [], None
        while True:
            kind, payload = self.message()
            if kind == b"T":
                rows = []
            elif kind == b"D":
                count = struct.unpack("!h", payload[:2])[0]
                at, row = 2, []
                for _ in range(count):
                    size = struct.unpack("!i", payload[at:at + 4])[0]
                    at += 4
                    if size < 0:
                        row.append(None)
                    else:
                        row.append(payload[at:at + size].decode())
                        at += size
                rows.append(row)
            elif kind == b"E":
                fields = dict((f[:1], f[1:]) for f in payload.split(b"\0") if f)
                error = fields.get(b"C", b"?").decode()
            elif kind == b"Z":
                return error if error is not None else rows


def main():
    socket_dir, port, database, role, schema = sys.argv[1:6]
    stalls_wanted = int(sys.argv[6]) if len(sys.argv) > 6 else 20
    port = int(port)
    observer = Connection(socket_dir, port, database, "postgres")
    other = Connection(socket_dir, port, database, role)
    stalled = Connection(socket_dir, port, database, role)
    # The stalled session's receive side shrunk, so that it blocks soon.
    stalled.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.send_query("SET client_min_messages = debug5; SELECT count(%s.uuid_generate_v7()) "
                       "FROM (SELECT generate_series(1, 1000000000)) s" % schema)
    stalls = held = 0
    worst_lag_ms = 0.0
    deadline = time.time() + 120
    rounds = 0
    while rounds < stalls_wanted and time.time() < deadline:
        # Until its backend blocks writing to this client (or half a second passes: where nothing is
        # sent to a client that asks for debug lines, nothing ever blocks).
        waited_until = time.time() + 0.5
        blocked = False
        while time.time() < waited_until and not blocked:
            state = observer.query("SELECT wait_event FROM pg_stat_activity WHERE pid = %d" % stalled.pid)
            if not state:
                print("stall.py: the stalled client's backend is gone")
                sys.exit(1)
            blocked = state[0][0] == "ClientWrite"
            time.sleep(0.005)
        rounds += 1
        stalls += blocked
        time.sleep(0.3)
        lag = other.query("WITH k AS MATERIALIZED (SELECT %s.uuid_generate_v7() AS id) "
                          "SELECT extract(epoch FROM clock_timestamp() - %s.uuid_extract_time(k.id, true)) * 1000 FROM k"
                          % (schema, schema))
        lag_ms = float(lag[0][0]) if isinstance(lag, list) else float("nan")
        worst_lag_ms = max(worst_lag_ms, lag_ms)
        # Held, not merely taken by a lift under way (which holds it for microseconds): found
        # locked by three probes 25 ms apart.
        locked = 0
        for _ in range(3):
            probe = observer.query("BEGIN; SELECT FROM uuid6_sql_sequences.uuid6_sql_lifts "
                                   "WHERE generator = 7 FOR UPDATE NOWAIT; ROLLBACK")
            if isinstance(probe, str):
                observer.query("ROLLBACK")
                if probe != "55P03":
                    print("stall.py: the probe failed with %s" % probe)
                    sys.exit(1)
                locked += 1
            time.sleep(0.025)
        # Held while the client does not read: locked at every probe, with the backend blocked
        # writing to this client right after. A lift that runs (on a loaded machine it may be
        # descheduled for a while, the row taken) is not a backend that waits for its client.
        writing = observer.query("SELECT wait_event FROM pg_stat_activity WHERE pid = %d" % stalled.pid)
        writing = bool(writing) and writing[0][0] == "ClientWrite"
        probe = "55P03" if locked == 3 and writing else []
        if probe:
            held += 1
        print("round %d: the stalled client's backend %s; the lift's row %s; another session's key %.1f ms behind the clock"
              % (rounds, "blocked writing to it" if blocked else "not blocked", "held" if probe == "55P03" else "free", lag_ms))
        # Read a little of what waits (1 to 64 KB): a blocked backend goes on until the socket is
        # full again.
        want = random.randint(1024, 65536)
        got = 0
        stalled.sock.setblocking(False)
        try:
            while got < want:
                chunk = stalled.sock.recv(min(65536, want - got))
                if not chunk:
                    break
                got += len(chunk)
        except BlockingIOError:
            pass
        stalled.sock.setblocking(True)
    observer.query("SELECT pg_terminate_backend(%d)" % stalled.pid)
    print("rounds %d blocked %d held %d worst_lag_ms %.1f" % (rounds, stalls, held, worst_lag_ms))


if __name__ == "__main__":
    main()
