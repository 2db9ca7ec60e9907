-- The C library's own SQL surface (sql/generators.sql has what both editions
-- share): every function and how it is declared, uuid6_status()'s cluster-wide
-- modes, and uuid6.node_id as a server setting.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- Every function of the extension, how it is declared, and that each has a
-- comment.
SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS arguments,
       p.provolatile AS volatility, p.proisstrict AS strict, p.proparallel AS parallel,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid6'
ORDER BY 1, 2;
-- uuid6_status(): one row per version, counting, in one of the cluster-wide
-- modes (which one depends on the server: preloaded or not, and its version);
-- no key is ever handed out behind the clock here (lagging_keys, which the
-- SQL edition counts).
SELECT mode IN ('shared_preload', 'dsm_registry', 'lazy_shmem') AS cluster_wide, node_id, version,
       generated > 0 AS counted, clock_regressions, ahead_of_clock_us >= 0 AS ahead_known, lagging_keys
FROM uuid6_status() ORDER BY version;

-- uuid6.node_id is a server setting: off by default, not settable per session.
SHOW uuid6.node_id;
SET uuid6.node_id = 1;
-- Its prefix is reserved: a misspelt uuid6 parameter is refused.
SET uuid6.nodeid = 1;
