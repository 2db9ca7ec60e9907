-- uuid6 1.5 -> 1.6. Every SQL change from 1.5 on goes here; make builds the
-- 1.6 install script as the 1.0 script followed by the upgrade steps, so a
-- fresh install and an update run the same statements.
\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.6'" to load this file. \quit

