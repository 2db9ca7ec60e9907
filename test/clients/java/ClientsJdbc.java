// uuid6 from JDBC (pgjdbc): uuid6 installed (CREATE EXTENSION, unless the SQL
// edition's plain script was run beforehand) and a table keyed by DEFAULT
// uuid_generate_v7() made by DDL, the creation time read back with
// uuid_extract_time(id) as an OffsetDateTime, keys read back as java.util.UUID through getGeneratedKeys(), order
// across two connections, a time range with uuid_v7_floor bounds as
// PreparedStatement parameters on the primary key's index, and a statement
// the driver prepares on the server after prepareThreshold executions whose
// cached plan still makes a fresh key each time. Connects to PGHOST, PGPORT,
// PGDATABASE as PGUSER (TCP: pgjdbc has no Unix sockets); run by
// test/clients/run.sh, which compiles it with javac and runs
//   java -cp /usr/share/java/postgresql.jar:DIR ClientsJdbc
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;

public class ClientsJdbc {
    static int count = 0;
    static int failed = 0;
    static final String SCHEMA = System.getenv().getOrDefault("UUID6_SCHEMA", "public");
    static final String EDITION = System.getenv().getOrDefault("UUID6_EDITION", "c");
    static final String EXTENSION_COUNT_SQL = "SELECT count(*) FROM pg_extension WHERE extname = 'uuid6'";

    static void check(String name, boolean condition, Object diagnostic) {
        count++;
        if (condition) {
            System.out.println("ok " + count + " - " + name);
        } else {
            failed++;
            System.out.println("not ok " + count + " - " + name);
            String[] lines = String.valueOf(diagnostic).split("\n");
            for (int i = 0; i < Math.min(lines.length, 20); i++) System.out.println("#   " + lines[i]);
        }
    }

    interface Body { void run() throws Exception; }

    static void run(String name, Body body) {
        try {
            body.run();
        } catch (Exception e) { // reported as a failed check, never swallowed
            check(name + " (raised)", false, e);
        }
    }

    static boolean isV7(UUID key) {
        return key != null && key.version() == 7 && key.variant() == 2;
    }

    static boolean rising(List<UUID> keys) {
        // java.util.UUID.compareTo compares signed longs: compare as PostgreSQL does, unsigned bytes.
        for (int i = 1; i < keys.size(); i++) {
            UUID p = keys.get(i - 1), k = keys.get(i);
            int c = Long.compareUnsigned(p.getMostSignificantBits(), k.getMostSignificantBits());
            if (c == 0) c = Long.compareUnsigned(p.getLeastSignificantBits(), k.getLeastSignificantBits());
            if (c >= 0) return false;
        }
        return true;
    }

    static Connection connect() throws SQLException {
        String url = "jdbc:postgresql://" + System.getenv("PGHOST") + ":" + System.getenv("PGPORT")
            + "/" + System.getenv("PGDATABASE");
        return DriverManager.getConnection(url, System.getenv("PGUSER"), "");
    }

    static UUID insert(Connection conn, int n) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO jdbc_items (n) VALUES (?)", new String[] {"id"})) {
            ps.setInt(1, n);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getObject("id", UUID.class);
            }
        }
    }

    static String text(Connection conn, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) ps.setObject(i + 1, params[i]);
            StringBuilder out = new StringBuilder();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.append(out.length() > 0 ? "\n" : "").append(rs.getString(1));
            }
            return out.toString();
        }
    }

    static OffsetDateTime clock(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT clock_timestamp()")) {
            rs.next();
            return rs.getObject(1, OffsetDateTime.class);
        }
    }

    static final String DEFAULT_FUNCTION_SQL = """
        SELECT n.nspname || '.' || p.proname
        FROM pg_attrdef d
        JOIN pg_depend dep ON dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
                          AND dep.refclassid = 'pg_proc'::regclass
        JOIN pg_proc p ON p.oid = dep.refobjid
        JOIN pg_namespace n ON n.oid = p.pronamespace
        JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
        WHERE d.adrelid = ?::regclass AND a.attname = 'id'""";

    public static void main(String[] args) throws Exception {
        try (Connection a = connect(); Connection b = connect()) {
            run("table", () -> {
                String before = text(a, EXTENSION_COUNT_SQL);
                try (Statement st = a.createStatement()) {
                    st.execute("""
                        DO $$
                        BEGIN
                            IF to_regproc('uuid6_sql_edition_version') IS NULL THEN
                                CREATE EXTENSION IF NOT EXISTS uuid6;
                            END IF;
                        END
                        $$""");
                }
                String after = text(a, EXTENSION_COUNT_SQL);
                if (EDITION.equals("c")) {
                    check("a fresh database: no extension uuid6 before the migration", before.equals("0"), before);
                    check("the migration created extension uuid6", after.equals("1"), after);
                } else {
                    check("the SQL edition, installed beforehand, is used as it is: the migration made no extension",
                        before.equals("0") && after.equals("0"), before + " " + after);
                }
                try (Statement st = a.createStatement()) {
                    st.execute("DROP TABLE IF EXISTS jdbc_items");
                    st.execute("""
                        CREATE TABLE jdbc_items (
                            id uuid PRIMARY KEY DEFAULT uuid_generate_v7(),
                            n integer NOT NULL
                        )""");
                }
                String got = text(a, DEFAULT_FUNCTION_SQL, "jdbc_items");
                check("the DEFAULT calls " + SCHEMA + ".uuid_generate_v7", got.equals(SCHEMA + ".uuid_generate_v7"), got);
            });

            run("generated version 7 keys", () -> {
                List<UUID> keys = List.of(insert(a, 1), insert(a, 2), insert(a, 3));
                check("getGeneratedKeys() gives java.util.UUID keys of version 7",
                    keys.stream().allMatch(ClientsJdbc::isV7), keys);
            });

            run("creation time", () -> {
                OffsetDateTime start = clock(a);
                UUID key = insert(a, 50);
                OffsetDateTime end = clock(a);
                OffsetDateTime made;
                try (PreparedStatement ps = a.prepareStatement("SELECT uuid_extract_time(id) FROM jdbc_items WHERE id = ?")) {
                    ps.setObject(1, key);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        made = rs.getObject(1, OffsetDateTime.class);
                    }
                }
                // uuid6's lag bound: a key's time may lie up to a millisecond behind its making.
                OffsetDateTime floor = start.minusNanos(1_000_000).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
                check("the creation time read through uuid_extract_time(id) is within the insert: not before its start less the lag bound (1 ms), not after its end",
                    made != null && !made.isBefore(floor) && !made.isAfter(end),
                    "start " + start + "\nmade  " + made + "\nend   " + end);
            });

            run("insertion order across connections", () -> {
                int pa = a.unwrap(PGConnection.class).getBackendPID(), pb = b.unwrap(PGConnection.class).getBackendPID();
                check("two connections, two backends", pa != pb, pa + " " + pb);
                List<UUID> keys = new ArrayList<>();
                for (int n = 100; n < 120; n++) keys.add(insert(n % 2 == 0 ? a : b, n));
                check("keys returned in insertion order rise, alternating connections", rising(keys), keys);
                String byKey = text(a, "SELECT n FROM jdbc_items WHERE n BETWEEN 100 AND 119 ORDER BY id");
                StringBuilder want = new StringBuilder();
                for (int n = 100; n < 120; n++) want.append(n == 100 ? "" : "\n").append(n);
                check("ORDER BY id is insertion order across the two connections", byKey.equals(want.toString()), byKey);
            });

            run("prepared statement, cached plan", () -> {
                // pgjdbc switches a PreparedStatement to a named, server-side
                // statement after prepareThreshold (default 5) executions.
                try (Connection c = connect()) {
                    try (Statement st = c.createStatement()) {
                        st.execute("SET plan_cache_mode = force_generic_plan");
                    }
                    List<UUID> keys = new ArrayList<>();
                    boolean serverPrepared;
                    try (PreparedStatement ps = c.prepareStatement(
                            "INSERT INTO jdbc_items (n) VALUES (?) RETURNING id")) {
                        for (int n = 300; n < 312; n++) {
                            ps.setInt(1, n);
                            try (ResultSet rs = ps.executeQuery()) {
                                rs.next();
                                keys.add(rs.getObject(1, UUID.class));
                            }
                        }
                        serverPrepared = ps.unwrap(PGStatement.class).isUseServerPrepare();
                    }
                    String plans = text(c, "SELECT generic_plans FROM pg_prepared_statements WHERE statement LIKE ?",
                        "INSERT INTO jdbc_items%");
                    check("the INSERT was prepared on the server and its cached plan reused",
                        serverPrepared && !plans.isEmpty() && Integer.parseInt(plans) >= 5, serverPrepared + " " + plans);
                    check("a cached plan makes a fresh, rising key each time", rising(keys) && keys.size() == 12, keys);
                }
            });

            run("time range, index condition", () -> {
                List<UUID> before = new ArrayList<>(), after = new ArrayList<>();
                for (int n = 200; n < 205; n++) before.add(insert(a, n));
                Thread.sleep(5);
                OffsetDateTime cut;
                try (Statement st = a.createStatement(); ResultSet rs = st.executeQuery("SELECT clock_timestamp()")) {
                    rs.next();
                    cut = rs.getObject(1, OffsetDateTime.class);
                }
                Thread.sleep(5);
                for (int n = 205; n < 210; n++) after.add(insert(a, n));
                String query = """
                    SELECT id FROM jdbc_items
                    WHERE id >= uuid_v7_floor(?) AND id < uuid_v7_floor(?)
                    ORDER BY id""";
                List<UUID> got = new ArrayList<>();
                try (PreparedStatement ps = a.prepareStatement(query)) {
                    ps.setObject(1, cut);
                    ps.setObject(2, cut.plusHours(1));
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) got.add(rs.getObject(1, UUID.class));
                    }
                }
                check("uuid_v7_floor bounds as parameters select the keys made after the cut",
                    got.equals(after), "got " + got + "\nbefore the cut " + before + "\nafter " + after);
                a.setAutoCommit(false);
                try (Statement st = a.createStatement()) {
                    st.execute("SET LOCAL enable_seqscan = off");
                }
                String plan = text(a, "EXPLAIN " + query, cut, cut.plusHours(1));
                a.rollback();
                a.setAutoCommit(true);
                check("the range is an index condition on the primary key",
                    plan.contains("Index Cond") && plan.contains("jdbc_items_pkey") && !plan.contains("Filter"), plan);
            });
        }
        System.out.println("1.." + count);
        System.exit(failed == 0 && count > 0 ? 0 : 1);
    }
}
