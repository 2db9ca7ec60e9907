-- uuid6 1.0 -> 1.1. The 1.1 install script is this file appended to
-- uuid6--1.0.sql (see the Makefile), so an update and a fresh install run
-- the same statements.

\echo Use "ALTER EXTENSION uuid6 UPDATE TO '1.1'" to load this file. \quit
