-- uuid6 1.1 -> 1.2. Every SQL change from 1.1 on goes here; make builds the
-- 1.2 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.2'" to load this file. \quit
