-- 0114: head office reads no DNI in a close's free text either (docs/head-office.md "What it
-- reads"), and its two reads are never JIT-compiled. 0113 leaves out a close's identities (the exceptions' `identity`, the service rows'
-- `dni`), but a supervisor writes the note by hand ("cliente 41000002 pagó dos veces"), a held
-- sale's reason is the service's own words, and the service's order ids may carry digits of the
-- customer's: a run of exactly 8 digits (a DNI) or 11 (a RUC) in them is shown with its last three
-- digits only (`•••••002`), the way a customer's identity is shown once it is past its
-- retention. Funding codes are 6 characters and amounts have a point, so neither is touched.
-- The close itself is kept as it was: its hash is checked against the record as it is stored.

CREATE FUNCTION store_db_mask_identities(p_text text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  -- 11 digits first: a RUC's last 8 are not left to read as a DNI.
  SELECT regexp_replace(regexp_replace(p_text,
    '(^|[^0-9])[0-9]{8}([0-9]{3})(?![0-9])', '\1••••••••\2', 'g'),
    '(^|[^0-9])[0-9]{5}([0-9]{3})(?![0-9])', '\1•••••\2', 'g')
$$;

-- A JSON string masked as above; anything else as it is.
CREATE FUNCTION store_db_mask_json(p jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE WHEN jsonb_typeof(p) = 'string'
    THEN to_jsonb(public.store_db_mask_identities(p #>> '{}')) ELSE p END
$$;

-- 0113's function, and the free text of the close: the note, each exception's reason and order
-- ids, each service row's order id.
CREATE OR REPLACE FUNCTION store_db_without_identities(c jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE WHEN jsonb_typeof(y -> 'closed') = 'object' AND y -> 'closed' ? 'note'
    THEN jsonb_set(y, '{closed,note}', public.store_db_mask_json(y -> 'closed' -> 'note'))
    ELSE y END
  FROM (SELECT CASE WHEN jsonb_typeof(c -> 'service' -> 'order_detail') = 'array'
    THEN jsonb_set(x, '{service,order_detail}', (SELECT coalesce(jsonb_agg(
        CASE WHEN jsonb_typeof(r) = 'object' THEN r
          || CASE WHEN r ? 'dni' THEN jsonb_build_object('dni', null) ELSE '{}' END
          || CASE WHEN r ? 'order_id'
            THEN jsonb_build_object('order_id', public.store_db_mask_json(r -> 'order_id'))
            ELSE '{}' END
          ELSE r END
        ORDER BY n), '[]') FROM jsonb_array_elements(c -> 'service' -> 'order_detail')
          WITH ORDINALITY AS d(r, n)))
    ELSE x END AS y
  FROM (SELECT CASE WHEN jsonb_typeof(c -> 'exceptions') = 'array'
    THEN jsonb_set(c, '{exceptions}', (SELECT coalesce(jsonb_agg(
        CASE WHEN jsonb_typeof(e) = 'object' THEN e
          || CASE WHEN e ? 'identity' THEN jsonb_build_object('identity', null) ELSE '{}' END
          || CASE WHEN e ? 'reason'
            THEN jsonb_build_object('reason', public.store_db_mask_json(e -> 'reason')) ELSE '{}' END
          || CASE WHEN jsonb_typeof(e -> 'order_ids') = 'array'
            THEN jsonb_build_object('order_ids', (SELECT coalesce(jsonb_agg(
              public.store_db_mask_json(o) ORDER BY m), '[]')
              FROM jsonb_array_elements(e -> 'order_ids') WITH ORDINALITY AS i(o, m)))
            ELSE '{}' END
          ELSE e END ORDER BY n), '[]') FROM jsonb_array_elements(c -> 'exceptions')
          WITH ORDINALITY AS t(e, n)))
    ELSE c END AS x) s) z
$$;

REVOKE ALL ON FUNCTION store_db_mask_identities(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_mask_json(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_without_identities(jsonb) FROM PUBLIC;

-- The grid's plan is estimated far above jit_above_cost (a generated series of days, a subquery
-- per day of every store), so PostgreSQL compiled it with LLVM at every call: 600 ms of a grid
-- that runs in 10 ms (11 stores × 14 days, measured with the chain bench's database, jit on and
-- off). Its queries are index lookups that JIT never pays back; the store day's read too.
ALTER FUNCTION store_db_head_office_grid(text, integer) SET jit = off;
ALTER FUNCTION store_db_head_office_day(text, text, date) SET jit = off;
