-- uuid6 1.3 -> 1.4. Every SQL change from 1.3 on goes here; make builds the
-- 1.4 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.4'" to load this file. \quit
