-- The pg_uuidv7 1.6 API (docs/reference.md), as the C library declares it:
-- readers IMMUTABLE STRICT, anything but an RFC 9562 v7 reads as NULL; the
-- makers SQL with a standard body over uuid_v7_floor and
-- uuid_generate_v7(timestamptz).

-- A v7's Unix milliseconds as the UTC wall-clock time, in integer steps
-- only: the two 24-bit halves of the milliseconds (12_time.sql), whose
-- products with interval's microseconds are integers well inside a double's
-- exact range. As one number of seconds or milliseconds in a double, late
-- values (the layout reaches year 10889) and many fractions of a second
-- would not convert exactly. Timestamp arithmetic without a time zone
-- involves no zone's rules.
--
-- As in 12_time.sql (see its top): SQL-standard helpers (bound at
-- installation, inlined) behind STRICT PL/pgSQL functions of one qualified
-- call with exact argument types.
CREATE FUNCTION uuid6_sql_v7_timestamp(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS timestamp
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN @extschema@.uuid6_sql_version(id, true::@extschema@.uuid6_sql_seal) = 7
                THEN timestamp '1970-01-01 00:00:00'
                     + @extschema@.uuid6_sql_ms_high(id, false, true::@extschema@.uuid6_sql_seal) * interval '16777216 milliseconds'
                     + @extschema@.uuid6_sql_ms_low(id, false, true::@extschema@.uuid6_sql_seal) * interval '1 millisecond' END;
COMMENT ON FUNCTION uuid6_sql_v7_timestamp(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v7_to_timestamp (SQL-standard body, inlined)';

CREATE FUNCTION uuid_v7_to_timestamp(uuid) RETURNS timestamp
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_v7_timestamp($1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_v7_to_timestamp(uuid) IS
    'pg_uuidv7 API: the Unix milliseconds of a UUIDv7 as a timestamp in UTC, whatever the session TimeZone; NULL for other versions';

CREATE FUNCTION uuid6_sql_v7_timestamptz(id uuid, seal @extschema@.uuid6_sql_seal) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN @extschema@.uuid6_sql_v7_timestamp(id, true::@extschema@.uuid6_sql_seal) AT TIME ZONE 'UTC';
COMMENT ON FUNCTION uuid6_sql_v7_timestamptz(uuid, @extschema@.uuid6_sql_seal) IS
    'uuid6 internal: uuid_v7_to_timestamptz (SQL-standard body, inlined)';

CREATE FUNCTION uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
-- One qualified call with its exact argument type (see 12_time.sql).
BEGIN
  RETURN @extschema@.uuid6_sql_v7_timestamptz($1, true::@extschema@.uuid6_sql_seal);
END
$$;
COMMENT ON FUNCTION uuid_v7_to_timestamptz(uuid) IS
    'pg_uuidv7 API: the Unix milliseconds of a UUIDv7 as timestamptz; NULL for other versions';

-- As in the C library, the makers are SQL with a standard body: bound to
-- the functions they call when created (so the caller's search_path does not
-- reach them), and inlined by the planner, so that
-- a constant zero folds the CASE away (zero = true then becomes
-- uuid_v7_floor, IMMUTABLE, usable as an index condition). VOLATILE because
-- one branch draws random bits; not STRICT, because a STRICT SQL function
-- with a CASE body is never inlined, yet NULL in still gives NULL out: both
-- branches are STRICT and a NULL zero matches neither.
CREATE FUNCTION uuid_timestamptz_to_v7(ts timestamptz, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN CASE WHEN zero THEN @extschema@.uuid_v7_floor(ts)
                WHEN NOT zero THEN @extschema@.uuid_generate_v7(ts) END;
COMMENT ON FUNCTION uuid_timestamptz_to_v7(timestamptz, boolean) IS
    'pg_uuidv7 API: a UUIDv7 for the instant; zero = true gives its millisecond''s floor (uuid_v7_floor), false a value with random low bits (uuid_generate_v7(at))';

-- A timestamp without time zone is taken as UTC: AT TIME ZONE 'UTC' is
-- exact and does not depend on the session's TimeZone.
CREATE FUNCTION uuid_timestamp_to_v7(ts timestamp, zero boolean DEFAULT false) RETURNS uuid
    LANGUAGE sql VOLATILE PARALLEL SAFE
    RETURN CASE WHEN zero THEN @extschema@.uuid_v7_floor(ts AT TIME ZONE 'UTC')
                WHEN NOT zero THEN @extschema@.uuid_generate_v7(ts AT TIME ZONE 'UTC') END;
COMMENT ON FUNCTION uuid_timestamp_to_v7(timestamp, boolean) IS
    'pg_uuidv7 API: a UUIDv7 for the timestamp read as UTC; zero = true gives its millisecond''s floor, false a value with random low bits';
