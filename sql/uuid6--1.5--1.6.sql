-- uuid6 1.5 -> 1.6. Every SQL change from 1.5 on goes here; make builds the
-- 1.6 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.6'" to load this file. \quit

-- Keys are covered by the database's lease before the transaction that
-- stores them commits. PostgreSQL lets no parallel worker write, and the
-- leader only once parallel mode has ended: so the generators whose keys the
-- lease covers run in the leader alone, which covers what it made before
-- its transaction commits (a worker could not).
ALTER FUNCTION uuid_generate_v6() PARALLEL RESTRICTED;
ALTER FUNCTION uuid_generate_v7() PARALLEL RESTRICTED;
ALTER FUNCTION uuid_generate_v8() PARALLEL RESTRICTED;
ALTER FUNCTION uuid_generate_v8_spread(integer) PARALLEL RESTRICTED;
