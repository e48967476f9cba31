-- 0115: customers' personal data (docs/personal-data.md, docs/decisions.md "Customers' personal
-- data in the store database"). A customer's DNI or RUC is kept whole only while it serves:
-- - `personal_data_policy`: the retention the owner sets (90 days by default, 7 to 3650;
--   `npm run store-db -- retention --days N`) and the key of the customers' pseudonyms (32 random
--   bytes, the owner's alone);
-- - every line that names a customer gets `identity_ref`, a keyed pseudonym ('r1:' and 32 hex
--   digits of an HMAC-SHA256), set when it arrives: the same customer still matches across
--   counters and days once the DNI is masked (the store close's balance of a code, a search);
-- - masking a line (`store_db_mask_text`) replaces every identity string in it by its mask
--   (`*****678`: the same length, the last three digits) and keeps everything else byte for byte;
--   `masked_at` says when. Codes, amounts, seq, outcomes, figures: untouched;
-- - retention: the lines of every operation of a store day older than the retention are masked,
--   each store's days in order, `personal_data_masked` keeping how far (a line arriving later for
--   a masked day is masked as it arrives); closes kept before this migration too, their hash
--   recomputed and the printed one kept (`sha256_as_printed`); a close written from now on is
--   masked before it is hashed, so its printed hash never depends on a DNI. Retention runs after
--   each store close (the close's own store, a bounded share) and on demand
--   (`npm run store-db -- forget --before DAY`);
-- - erasure on request (`store-db forget --dni`, or a supervisor at a counter through
--   `store_db_personal_data`): every line of that customer's operations masked, the closes that
--   hold them, a record of the erasure without whose (`erasures`), and a notice for each counter
--   of the store, which masks its own journal and acknowledges; lines of that customer that arrive
--   while a notice waits are masked as they arrive;
-- - a supervisor's look-up of a customer at a counter is recorded (`identity_reads`: who, when,
--   the pseudonym, never the DNI);
-- - the signed call's resend comparison takes two lines that differ only in their customers'
--   identities as the same line (a counter masks its journal once its lines are here).
-- Upgrade: the lines already held get their pseudonym (one pass over the intents that name a
-- customer; on a chain's year this is minutes, in migrate's transaction); nothing is masked until
-- the first close after it, or `forget --before`.

-- The owner's settings of personal data: one row.
CREATE TABLE personal_data_policy (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  retention_days integer NOT NULL DEFAULT 90 CHECK (retention_days BETWEEN 7 AND 3650),
  identity_key bytea NOT NULL DEFAULT public.gen_random_bytes(32)
    CHECK (octet_length(identity_key) = 32),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT session_user
);
REVOKE ALL ON personal_data_policy FROM PUBLIC;
INSERT INTO personal_data_policy DEFAULT VALUES;

-- The mask of one identity (shared/personal-data/mask.ts maskIdentity): as many characters, all
-- `*` but the last three when they are digits and it has at least six. A mask masks to itself.
CREATE FUNCTION store_db_identity_mask(p_value text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE WHEN p_value IS NULL THEN NULL
    WHEN length(p_value) >= 6 AND right(p_value, 3) ~ '^[0-9]{3}$'
      THEN repeat('*', length(p_value) - 3) || right(p_value, 3)
    ELSE repeat('*', length(p_value)) END
$$;

-- Whether a value is a mask already.
CREATE FUNCTION store_db_is_mask(p_value text) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT p_value ~ '^\*+[0-9]{0,3}$'
$$;

-- A customer's pseudonym: 'r1:' and the first 32 hex digits of HMAC-SHA256(kind:value) under the
-- database's own key. Null for no value, or for a mask (nothing left to name).
CREATE FUNCTION store_db_identity_ref(p_kind text, p_value text) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT CASE WHEN p_value IS NULL OR btrim(p_value) = '' OR public.store_db_is_mask(btrim(p_value))
    THEN NULL
    ELSE 'r1:' || left(encode(public.hmac(convert_to(lower(coalesce(p_kind, 'dni')) || ':'
      || btrim(p_value), 'UTF8'), p.identity_key, 'sha256'), 'hex'), 32) END
  FROM public.personal_data_policy p
$$;

-- Every string of a JSON value that is a customer's identity (shared/personal-data/mask.ts
-- identityStrings): an `identity` object's value or an `identity` string, `dni`, `ruc`,
-- `customer_dni`, `customer_fullname` anywhere, and every string under `customer_data`.
CREATE FUNCTION store_db_identity_strings(p jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(array_agg(DISTINCT v), '{}') FROM (
    SELECT x #>> '{}' AS v FROM jsonb_path_query(p, 'lax $.**.identity.value ? (@.type() == "string")') x
    UNION ALL SELECT x #>> '{}' FROM jsonb_path_query(p, 'lax $.**.identity ? (@.type() == "string")') x
    UNION ALL SELECT x #>> '{}' FROM jsonb_path_query(p, 'lax $.**.dni ? (@.type() == "string")') x
    UNION ALL SELECT x #>> '{}' FROM jsonb_path_query(p, 'lax $.**.ruc ? (@.type() == "string")') x
    UNION ALL SELECT x #>> '{}' FROM jsonb_path_query(p, 'lax $.**.customer_dni ? (@.type() == "string")') x
    UNION ALL SELECT x #>> '{}' FROM jsonb_path_query(p, 'lax $.**.customer_fullname ? (@.type() == "string")') x
    UNION ALL SELECT x #>> '{}' FROM jsonb_path_query(p, 'lax $.**.customer_data.** ? (@.type() == "string")') x
  ) s WHERE v <> ''
$$;

-- A JSON text (a journal line, a close's content) with every identity string in it replaced by
-- `p_by(value)`: the exact JSON text of the value, wherever it stands, becomes the replacement's,
-- so everything else keeps its bytes. A text that is not JSON (an unreadable line) has every run
-- of 8 or 11 digits masked instead, as a DNI or RUC would be. The quick look first: most lines
-- (an outcome, a heartbeat's) name no customer.
CREATE FUNCTION store_db_replace_identities(p_text text, p_blank boolean) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  j jsonb;
  v text;
  result text := p_text;
BEGIN
  IF p_text IS NULL
    OR p_text !~ '"(identity|dni|ruc|customer_dni|customer_fullname|customer_data)"' THEN
    RETURN p_text;
  END IF;
  BEGIN
    j := p_text::jsonb;
  EXCEPTION WHEN OTHERS THEN
    RETURN regexp_replace(regexp_replace(p_text,
      '(^|[^0-9])[0-9]{8}([0-9]{3})(?![0-9])', '\1********\2', 'g'),
      '(^|[^0-9])[0-9]{5}([0-9]{3})(?![0-9])', '\1*****\2', 'g');
  END;
  FOREACH v IN ARRAY public.store_db_identity_strings(j) LOOP
    result := replace(result, to_json(v)::text,
      CASE WHEN p_blank THEN '""' ELSE to_json(public.store_db_identity_mask(v))::text END);
  END LOOP;
  RETURN result;
END $$;

-- The text masked (the same as the counter's journal masks it, for a DNI or a RUC).
CREATE FUNCTION store_db_mask_text(p_text text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT public.store_db_replace_identities(p_text, false)
$$;

-- The text with every identity blanked: two lines that differ only in their customers' identities
-- (whole at one end, masked at the other) blind to the same text.
CREATE FUNCTION store_db_identity_blind(p_text text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT public.store_db_replace_identities(p_text, true)
$$;

-- Each line's customer (intents only: their identity, else the one their request names) and when
-- it was masked (null: whole, or nothing to mask).
ALTER TABLE journal_lines
  ADD COLUMN identity_ref text,
  ADD COLUMN masked_at timestamptz;

-- The pseudonym of an intent's customer: its identity, else a `dni`, `ruc` or `customer_dni` of
-- its request (an order's customer_data, a voucher's customer).
CREATE FUNCTION store_db_line_identity_ref(p_line text, p_kind text, p_value text) RETURNS text
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  r jsonb;
BEGIN
  IF p_value IS NOT NULL THEN
    RETURN public.store_db_identity_ref(p_kind, p_value);
  END IF;
  IF p_line !~ '"(dni|ruc|customer_dni)"' THEN
    RETURN NULL;
  END IF;
  BEGIN
    r := p_line::jsonb -> 'request';
  EXCEPTION WHEN OTHERS THEN
    RETURN NULL;
  END;
  RETURN CASE
    WHEN jsonb_typeof(r -> 'dni') = 'string' THEN public.store_db_identity_ref('dni', r ->> 'dni')
    WHEN jsonb_typeof(r -> 'ruc') = 'string' THEN public.store_db_identity_ref('ruc', r ->> 'ruc')
    WHEN jsonb_typeof(r -> 'customer_dni') = 'string'
      THEN public.store_db_identity_ref('dni', r ->> 'customer_dni')
    WHEN jsonb_typeof(r -> 'customer_data' -> 'dni') = 'string'
      THEN public.store_db_identity_ref('dni', r -> 'customer_data' ->> 'dni')
    END;
END $$;

-- The lines already held get their customer's pseudonym.
UPDATE journal_lines SET identity_ref = store_db_line_identity_ref(line, identity_kind, identity_value)
WHERE type = 'intent'
  AND (identity_value IS NOT NULL OR line ~ '"(dni|ruc|customer_dni)"');

-- A customer's operations in a store, by pseudonym (an erasure, a supervisor's look-up).
CREATE INDEX journal_lines_identity_ref ON journal_lines (identity_ref, store)
  WHERE identity_ref IS NOT NULL;

-- How far each store's days are masked: every operation that began on or before `through`.
CREATE TABLE personal_data_masked (
  store text PRIMARY KEY CHECK (length(store) BETWEEN 1 AND 128),
  through date NOT NULL,
  masked_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON personal_data_masked FROM PUBLIC;

-- An erasure on request: when, who asked (the owner's login, or a counter's supervisor), where,
-- what was masked. Never whose.
CREATE TABLE erasures (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  by_login text NOT NULL DEFAULT session_user,
  -- The counter whose supervisor asked (its key signed it); null for the owner's command.
  by_terminal text,
  supervisor text CHECK (length(supervisor) BETWEEN 1 AND 64),
  -- 'chain' (the owner's command) or the store the counter's key is bound to.
  scope text NOT NULL CHECK (length(scope) BETWEEN 1 AND 128),
  operations integer NOT NULL,
  lines integer NOT NULL,
  closes integer NOT NULL,
  counters integer NOT NULL
);
REVOKE ALL ON erasures FROM PUBLIC;

-- What each counter of a store must mask in its own journal after an erasure: its operations the
-- database holds (`op_ids`), and, for lines it has not sent yet, the customer's codes and mask.
-- Deleted when the counter says it is done; meanwhile a line of that customer arriving from it is
-- masked as it arrives (by `ref`). Once every counter has answered, nothing of whose is left.
CREATE TABLE erasure_notices (
  erasure_id bigint NOT NULL REFERENCES erasures (id),
  store text NOT NULL,
  terminal_id text NOT NULL,
  op_ids uuid[] NOT NULL,
  codes text[] NOT NULL,
  ref text NOT NULL,
  mask text NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (erasure_id, store, terminal_id)
);
CREATE INDEX erasure_notices_ref ON erasure_notices (store, ref);
CREATE INDEX erasure_notices_terminal ON erasure_notices (terminal_id);
REVOKE ALL ON erasure_notices FROM PUBLIC;

-- A supervisor's look-up of a customer at a counter (to erase them, or to see what is held of
-- them): who, when, where, the customer's pseudonym. Never the DNI.
CREATE TABLE identity_reads (
  at timestamptz NOT NULL DEFAULT now(),
  store text NOT NULL,
  terminal_id text NOT NULL,
  login text NOT NULL DEFAULT session_user,
  supervisor text NOT NULL CHECK (length(supervisor) BETWEEN 1 AND 64),
  purpose text NOT NULL CHECK (purpose IN ('look', 'forget')),
  ref text NOT NULL
);
CREATE INDEX identity_reads_at ON identity_reads (store, at);
REVOKE ALL ON identity_reads FROM PUBLIC;

-- Whether a line must be masked as it arrives: it names a customer, and its day is masked
-- already, or its operation's intent is masked, or a notice of an erasure of that customer waits
-- for this store's counters.
CREATE FUNCTION store_db_masks_on_arrival(p_store text, p_terminal_id text, p_type text,
  p_op_id uuid, p_store_day date, p_ref text, p_line text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT p_line ~ '"(identity|dni|ruc|customer_dni|customer_fullname|customer_data)"' AND (
    EXISTS (SELECT FROM public.personal_data_masked m
      WHERE m.store = p_store AND m.through >= p_store_day)
    OR (p_type = 'intent' AND p_ref IS NOT NULL AND EXISTS (SELECT FROM public.erasure_notices n
      WHERE n.store = p_store AND n.ref = p_ref))
    OR (p_type <> 'intent' AND EXISTS (SELECT FROM public.journal_lines i
      WHERE i.store = p_store AND i.terminal_id = p_terminal_id AND i.op_id = p_op_id
        AND i.type = 'intent' AND i.masked_at IS NOT NULL)))
$$;

-- 0102's fill, and then the customer: the intent's pseudonym, and the line masked when it
-- arrives for what is masked already.
CREATE OR REPLACE FUNCTION journal_lines_fill() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  c record;
  cleaned text;
BEGIN
  NEW.received_at := now();
  NEW.problem := NULL;
  NEW.identity_ref := NULL;
  NEW.masked_at := NULL;
  BEGIN
    c := public.journal_line_columns(NEW.line, NEW.seq, NEW.time_zone);
  EXCEPTION WHEN OTHERS THEN
    cleaned := regexp_replace(NEW.line, '\\u(0000|d[89a-f][0-9a-f]{2})', '\\ufffd', 'gi');
    BEGIN
      c := public.journal_line_columns(cleaned, NEW.seq, NEW.time_zone);
      NEW.problem := 'read from a cleaned copy: ' || left(SQLERRM, 200);
    EXCEPTION WHEN OTHERS THEN
      NEW.problem := left(SQLERRM, 300);
      NEW.type := 'unreadable';
      NEW.op_id := NULL; NEW.at := NULL;
      NEW.store_day := (now() AT TIME ZONE 'UTC')::date;
      BEGIN
        NEW.store_day := (now() AT TIME ZONE NEW.time_zone)::date;
      EXCEPTION WHEN OTHERS THEN NULL;
      END;
      NEW.mode := NULL; NEW.operation := NULL; NEW.cashier_id := NULL;
      NEW.identity_kind := NULL; NEW.identity_value := NULL; NEW.funding_code := NULL;
      NEW.billed_cents := NULL; NEW.to_collect_cents := NULL; NEW.status := NULL;
      NEW.service_message := NULL;
      RETURN NEW;
    END;
  END;
  NEW.type := c.type; NEW.op_id := c.op_id; NEW.at := c.at; NEW.store_day := c.store_day;
  NEW.mode := c.mode; NEW.operation := c.operation; NEW.cashier_id := c.cashier_id;
  NEW.identity_kind := c.identity_kind; NEW.identity_value := c.identity_value;
  NEW.funding_code := c.funding_code; NEW.billed_cents := c.billed_cents;
  NEW.to_collect_cents := c.to_collect_cents; NEW.status := c.status;
  NEW.service_message := c.service_message;
  IF NEW.type = 'intent' THEN
    NEW.identity_ref := public.store_db_line_identity_ref(NEW.line, NEW.identity_kind,
      NEW.identity_value);
  END IF;
  IF public.store_db_masks_on_arrival(NEW.store, NEW.terminal_id, NEW.type, NEW.op_id,
      NEW.store_day, NEW.identity_ref, NEW.line) THEN
    NEW.line := public.store_db_mask_text(NEW.line);
    NEW.identity_value := public.store_db_identity_mask(NEW.identity_value);
    NEW.line_bytes := NULL;
    NEW.masked_at := now();
  END IF;
  RETURN NEW;
END $$;

-- A close's content masked after its day passed the retention (or on an erasure): its hash is
-- computed again from what it holds now, and the hash printed on its paper is kept.
ALTER TABLE store_day_closes
  ADD COLUMN masked_at timestamptz,
  ADD COLUMN sha256_as_printed text CHECK (sha256_as_printed ~ '^[0-9a-f]{64}$');

-- Masks every line of the operations that began on one store day (and the day's unreadable
-- lines), not masked yet; returns how many lines it rewrote.
CREATE FUNCTION store_db_mask_day(p_store text, p_day date) RETURNS integer
LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  n integer;
  m integer;
BEGIN
  WITH ops AS (
    SELECT i.terminal_id, i.op_id FROM public.journal_lines i
    WHERE i.store = p_store AND i.type = 'intent' AND i.store_day = p_day AND i.masked_at IS NULL
  ), todo AS (
    SELECT l.terminal_id, l.seq, l.type, l.line, l.line_bytes,
      public.store_db_mask_text(l.line) AS masked
    FROM ops o
    JOIN public.journal_lines l
      ON l.store = p_store AND l.terminal_id = o.terminal_id AND l.op_id = o.op_id
    WHERE l.masked_at IS NULL
  )
  UPDATE public.journal_lines j
  SET line = t.masked, identity_value = public.store_db_identity_mask(j.identity_value),
    line_bytes = NULL, masked_at = now()
  FROM todo t
  WHERE j.store = p_store AND j.terminal_id = t.terminal_id AND j.seq = t.seq
    -- The intent marks its operation masked; other lines only when they held something.
    AND (t.type = 'intent' OR t.masked <> t.line OR t.line_bytes IS NOT NULL);
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE public.journal_lines j
  SET line = public.store_db_mask_text(j.line), line_bytes = NULL, masked_at = now()
  WHERE j.store = p_store AND j.type = 'unreadable' AND j.store_day = p_day
    AND j.masked_at IS NULL;
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END $$;

-- A close's content with `p_from` replaced (every identity: `p_value` null; one customer's
-- otherwise), its hash recomputed, the printed one kept. Returns whether it changed.
CREATE FUNCTION store_db_mask_close(p_store text, p_mode text, p_day date, p_value text)
RETURNS boolean
LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  d public.store_day_closes;
  masked text;
BEGIN
  SELECT * INTO d FROM public.store_day_closes x
    WHERE x.store = p_store AND x.mode = p_mode AND x.store_day = p_day FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  masked := CASE WHEN p_value IS NULL THEN public.store_db_mask_text(d.content)
    ELSE replace(d.content, to_json(p_value)::text,
      to_json(public.store_db_identity_mask(p_value))::text) END;
  IF masked = d.content THEN
    IF p_value IS NULL THEN
      UPDATE public.store_day_closes x SET masked_at = now()
        WHERE x.store = p_store AND x.mode = p_mode AND x.store_day = p_day;
    END IF;
    RETURN false;
  END IF;
  UPDATE public.store_day_closes x
  SET content = masked,
    sha256 = encode(pg_catalog.sha256(convert_to(masked, 'UTF8')), 'hex'),
    sha256_as_printed = coalesce(x.sha256_as_printed, x.sha256),
    masked_at = CASE WHEN p_value IS NULL THEN now() ELSE x.masked_at END
  WHERE x.store = p_store AND x.mode = p_mode AND x.store_day = p_day;
  RETURN true;
END $$;

-- Retention: masks every operation that began before `p_before` (its store day), of one store or
-- of every store, each store's days in order from where it stopped, and the closes of those days;
-- at most about `p_max_lines` lines in all (null: no bound). Returns, per store, how far it is
-- masked and what it masked now.
CREATE FUNCTION store_db_forget_before(p_before date, p_store text DEFAULT NULL,
  p_max_lines integer DEFAULT NULL)
RETURNS TABLE (store text, through date, lines integer, closes integer, done boolean)
LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  s text;
  w date;
  d date;
  target date := p_before - 1;
  budget integer := p_max_lines;
  n integer;
  masked_lines integer;
  masked_closes integer;
  c record;
BEGIN
  IF p_before IS NULL OR (p_max_lines IS NOT NULL AND p_max_lines < 1) THEN
    RAISE EXCEPTION 'a day before which to mask, and a positive bound or none'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  FOR s IN
    SELECT x.store FROM (
      SELECT t.store FROM public.terminals t
      UNION SELECT k.store FROM public.store_day_closes k) x
    WHERE p_store IS NULL OR x.store = p_store
    ORDER BY x.store
  LOOP
    SELECT m.through INTO w FROM public.personal_data_masked m WHERE m.store = s;
    masked_lines := 0;
    masked_closes := 0;
    LOOP
      EXIT WHEN budget IS NOT NULL AND budget <= 0;
      SELECT min(j.store_day) INTO d FROM public.journal_lines j
        WHERE j.store = s AND j.type = 'intent' AND j.store_day <= target
          AND (w IS NULL OR j.store_day > w);
      IF d IS NULL THEN
        -- Nothing more to mask up to the target: the store is masked through it.
        w := greatest(coalesce(w, target), target);
        EXIT;
      END IF;
      n := public.store_db_mask_day(s, d);
      masked_lines := masked_lines + n;
      IF budget IS NOT NULL THEN budget := budget - greatest(n, 1); END IF;
      w := d;
    END LOOP;
    IF w IS NOT NULL THEN
      INSERT INTO public.personal_data_masked AS m (store, through, masked_at)
        VALUES (s, w, now())
        ON CONFLICT ON CONSTRAINT personal_data_masked_pkey
        DO UPDATE SET through = greatest(m.through, excluded.through),
          masked_at = now();
      FOR c IN SELECT k.mode, k.store_day FROM public.store_day_closes k
        WHERE k.store = s AND k.store_day <= w AND k.masked_at IS NULL
        ORDER BY k.store_day LIMIT 62
      LOOP
        IF public.store_db_mask_close(s, c.mode, c.store_day, NULL) THEN
          masked_closes := masked_closes + 1;
        END IF;
      END LOOP;
    END IF;
    store := s; through := w; lines := masked_lines; closes := masked_closes;
    done := w IS NOT NULL AND w >= target;
    RETURN NEXT;
  END LOOP;
END $$;

-- After a store's day is closed: its days past the retention (in its own time zone), and its
-- training store's, are masked, a bounded share at a time (the close waits for it). A failure
-- here never fails the close.
CREATE FUNCTION store_day_closes_forget() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  days integer;
  cutoff date;
BEGIN
  BEGIN
    SELECT p.retention_days INTO days FROM public.personal_data_policy p;
    cutoff := (now() AT TIME ZONE (NEW.content::jsonb ->> 'time_zone'))::date - days;
    PERFORM public.store_db_forget_before(cutoff, NEW.store, 10000);
    IF NEW.mode = 'live' THEN
      PERFORM public.store_db_forget_before(cutoff, public.store_db_training_store(NEW.store), 2000);
    END IF;
  EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'the personal data of store % were not masked at its close: %', NEW.store, SQLERRM;
  END;
  RETURN NULL;
END $$;

CREATE TRIGGER store_day_closes_forget AFTER INSERT ON store_day_closes
  FOR EACH ROW EXECUTE FUNCTION store_day_closes_forget();

-- A close is written with every customer masked (`*****678`) and hashed as written, so its
-- SHA-256, printed on its paper, never depends on a DNI that retention or an erasure will remove:
-- the record checks against its paper for as long as it is kept. The draft the counter sends
-- (and its screen) still names the customers; the figures, codes and amounts are untouched. Closes
-- kept before this migration hold DNIs until their day passes the retention; they are masked then
-- and keep their printed hash in `sha256_as_printed` (store_db_mask_close).
CREATE FUNCTION store_day_closes_mask() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  NEW.content := public.store_db_mask_text(NEW.content);
  NEW.sha256 := encode(pg_catalog.sha256(convert_to(NEW.content, 'UTF8')), 'hex');
  RETURN NEW;
END $$;

CREATE TRIGGER store_day_closes_mask BEFORE INSERT ON store_day_closes
  FOR EACH ROW EXECUTE FUNCTION store_day_closes_mask();

-- The owner reads (null) or sets the retention, in days.
CREATE FUNCTION store_db_retention(p_days integer DEFAULT NULL) RETURNS integer
LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  days integer;
BEGIN
  IF p_days IS NOT NULL THEN
    IF p_days NOT BETWEEN 7 AND 3650 THEN
      RAISE EXCEPTION 'a retention of 7 to 3650 days' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    UPDATE public.personal_data_policy
      SET retention_days = p_days, updated_at = now(), updated_by = session_user;
  END IF;
  SELECT p.retention_days INTO days FROM public.personal_data_policy p;
  RETURN days;
END $$;

-- A customer's operations (their intents) in some stores (null: every store), by pseudonym.
CREATE FUNCTION store_db_customer_ops(p_ref text, p_stores text[])
RETURNS TABLE (store text, terminal_id text, op_id uuid, funding_code text)
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT i.store, i.terminal_id, i.op_id, i.funding_code FROM public.journal_lines i
  WHERE i.identity_ref = p_ref AND i.type = 'intent'
    AND (p_stores IS NULL OR i.store = ANY (p_stores))
$$;

-- Erasure of one customer in some stores (null: every store): every line of their operations,
-- the closes that hold them whole, a notice for each counter of those stores, the record.
-- Refused (MS015) while one of their operations that moves money has no definite answer: the
-- cashier needs the DNI until it has one.
CREATE FUNCTION store_db_forget_identity(p_kind text, p_value text, p_stores text[],
  p_terminal text, p_supervisor text)
RETURNS json
LANGUAGE plpgsql VOLATILE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  value text := btrim(coalesce(p_value, ''));
  ref text;
  mask text;
  ops_n integer;
  lines_n integer;
  closes_n integer := 0;
  counters_n integer;
  erasure bigint;
  c record;
BEGIN
  IF p_kind IS NULL OR p_kind NOT IN ('dni', 'ruc') OR length(value) NOT BETWEEN 1 AND 32
    OR public.store_db_is_mask(value) THEN
    RAISE EXCEPTION 'a DNI or RUC of 1 to 32 characters' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  ref := public.store_db_identity_ref(p_kind, value);
  mask := public.store_db_identity_mask(value);
  IF EXISTS (SELECT FROM public.store_db_customer_ops(ref, p_stores) f
      JOIN public.open_operations o
        ON o.store = f.store AND o.terminal_id = f.terminal_id AND o.op_id = f.op_id
      WHERE o.operation NOT IN (SELECT r.operation FROM public.read_operations r)) THEN
    RAISE EXCEPTION 'this customer has an operation without a definite answer: erase after it has one'
      USING ERRCODE = 'MS015';
  END IF;
  SELECT count(*) INTO ops_n FROM public.store_db_customer_ops(ref, p_stores);
  UPDATE public.journal_lines j
  SET line = public.store_db_mask_text(j.line),
    identity_value = public.store_db_identity_mask(j.identity_value),
    line_bytes = NULL, masked_at = now()
  FROM public.store_db_customer_ops(ref, p_stores) f
  WHERE j.store = f.store AND j.terminal_id = f.terminal_id AND j.op_id = f.op_id
    AND j.masked_at IS NULL;
  GET DIAGNOSTICS lines_n = ROW_COUNT;
  FOR c IN SELECT k.store, k.mode, k.store_day FROM public.store_day_closes k
    WHERE (p_stores IS NULL OR k.store = ANY (p_stores)) AND k.masked_at IS NULL
      AND strpos(k.content, to_json(value)::text) > 0
  LOOP
    IF public.store_db_mask_close(c.store, c.mode, c.store_day, value) THEN
      closes_n := closes_n + 1;
    END IF;
  END LOOP;
  INSERT INTO public.erasures (by_terminal, supervisor, scope, operations, lines, closes, counters)
    VALUES (p_terminal, p_supervisor,
      CASE WHEN p_stores IS NULL THEN 'chain' ELSE p_stores[1] END, ops_n, lines_n, closes_n, 0)
    RETURNING id INTO erasure;
  -- Every counter of the stores that hold this customer (and of the counter's own store), told
  -- what to mask of its own journal: its operations the database holds, and for lines it has not
  -- sent, the customer's codes and mask.
  INSERT INTO public.erasure_notices (erasure_id, store, terminal_id, op_ids, codes, ref, mask)
  SELECT erasure, t.store, t.terminal_id,
    coalesce((SELECT array_agg(f.op_id) FROM public.store_db_customer_ops(ref, ARRAY[t.store]) f
      WHERE f.terminal_id = t.terminal_id), '{}'),
    coalesce((SELECT array_agg(DISTINCT f.funding_code)
      FROM public.store_db_customer_ops(ref, ARRAY[t.store]) f
      WHERE f.funding_code IS NOT NULL), '{}'),
    ref, mask
  FROM (SELECT DISTINCT x.store, x.terminal_id FROM public.terminals x
    WHERE x.store IN (SELECT f.store FROM public.store_db_customer_ops(ref, p_stores) f)
      OR x.store = p_stores[1]) t;
  GET DIAGNOSTICS counters_n = ROW_COUNT;
  UPDATE public.erasures e SET counters = counters_n WHERE e.id = erasure;
  RETURN json_build_object('erasure', erasure::text, 'operations', ops_n, 'lines', lines_n,
    'closes', closes_n, 'counters', counters_n);
END $$;

-- The exact bytes a personal-data call's HMAC is taken over (electron/store-db/
-- personal-data-signature.ts builds them).
CREATE FUNCTION store_db_personal_data_message(
  p_terminal_id text, p_at text, p_action text, p_args text
) RETURNS bytea
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT convert_to(string_agg(
    CASE WHEN v IS NULL THEN '-;' ELSE octet_length(v) || ':' || v || ';' END, '' ORDER BY k),
    'UTF8')
  FROM (VALUES (1, 'mostrador-personal-data/1'), (2, p_terminal_id), (3, p_at), (4, p_action),
    (5, p_args)) AS f(k, v)
$$;

-- A counter's calls about its customers, signed with its key, for its own store (its live store
-- and that store's training store), within 15 minutes of the time they carry:
-- - `look` {kind, value, supervisor}: what the store holds of a customer (operations by counter,
--   closes that hold them whole), recorded in identity_reads;
-- - `forget` {kind, value, supervisor}: the erasure (store_db_forget_identity), recorded too;
-- - `notices` {}: what this counter must mask in its journal after erasures;
-- - `done` {ids}: those notices are done (deleted).
-- SQLSTATEs: those of store_db_read (MS010, MS011, MS013, MS014, 22023), MS015 an operation of the
-- customer has no definite answer.
CREATE FUNCTION store_db_personal_data(
  p_terminal_id text, p_at text, p_action text, p_args text, p_mac bytea
) RETURNS json
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  SET lock_timeout = '2s' AS $$
DECLARE
  k public.terminal_keys;
  a jsonb;
  at timestamptz;
  stores text[];
  kind text;
  value text;
  supervisor text;
  ref text;
  answer json;
BEGIN
  IF length(coalesce(p_terminal_id, '')) NOT BETWEEN 1 AND 64 OR length(coalesce(p_at, '')) > 40
    OR length(coalesce(p_action, '')) > 16 OR length(coalesce(p_args, '')) > 2000 THEN
    RAISE EXCEPTION 'a terminal id, a time, an action and its arguments of at most 2000 characters'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  BEGIN
    at := p_at::timestamptz;
    a := p_args::jsonb;
  EXCEPTION WHEN OTHERS THEN
    RAISE EXCEPTION 'the call''s time or arguments cannot be read'
      USING ERRCODE = 'invalid_parameter_value';
  END;
  k := public.store_db_signer(p_terminal_id,
    public.store_db_personal_data_message(p_terminal_id, p_at, p_action, p_args), p_mac);
  IF at IS NULL OR abs(extract(epoch FROM clock_timestamp() - at)) > 900 THEN
    RAISE EXCEPTION 'the call was signed at %, more than 15 minutes from the database''s clock %',
      p_at, clock_timestamp() USING ERRCODE = 'MS013';
  END IF;
  IF jsonb_typeof(a) IS DISTINCT FROM 'object' THEN
    RAISE EXCEPTION 'the arguments are a JSON object' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  stores := ARRAY[k.store, public.store_db_training_store(k.store)];
  IF p_action IN ('look', 'forget') THEN
    kind := a ->> 'kind';
    value := btrim(coalesce(a ->> 'value', ''));
    supervisor := btrim(coalesce(a ->> 'supervisor', ''));
    IF kind IS NULL OR kind NOT IN ('dni', 'ruc') OR length(value) NOT BETWEEN 1 AND 32
      OR public.store_db_is_mask(value) OR length(supervisor) NOT BETWEEN 1 AND 64 THEN
      RAISE EXCEPTION 'a DNI or RUC and the supervisor''s name (1 to 64 characters)'
        USING ERRCODE = 'invalid_parameter_value';
    END IF;
    ref := public.store_db_identity_ref(kind, value);
    INSERT INTO public.identity_reads (store, terminal_id, supervisor, purpose, ref)
      VALUES (k.store, k.terminal_id, supervisor, p_action, ref);
    IF p_action = 'forget' THEN
      RETURN public.store_db_forget_identity(kind, value, stores, k.terminal_id, supervisor);
    END IF;
    SELECT json_build_object(
      'counters', coalesce((SELECT json_agg(json_build_object('terminal_id', x.terminal_id,
          'terminal_name', x.terminal_name, 'operations', x.operations, 'masked', x.masked,
          'open', x.open) ORDER BY x.terminal_name NULLS LAST, x.terminal_id) FROM (
        SELECT i.terminal_id,
          (SELECT t.terminal_name FROM public.terminals t WHERE t.store = k.store
            AND t.terminal_id = i.terminal_id ORDER BY t.last_seen_at DESC LIMIT 1) AS terminal_name,
          count(*) AS operations, count(*) FILTER (WHERE i.masked_at IS NOT NULL) AS masked,
          count(*) FILTER (WHERE EXISTS (SELECT FROM public.open_operations o
            WHERE o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
              AND o.operation NOT IN (SELECT r.operation FROM public.read_operations r))) AS open
        FROM public.journal_lines i
        WHERE i.identity_ref = ref AND i.store = ANY (stores) AND i.type = 'intent'
        GROUP BY i.terminal_id) x), '[]'::json),
      'closes', (SELECT count(*) FROM public.store_day_closes d
        WHERE d.store = ANY (stores) AND d.masked_at IS NULL
          AND strpos(d.content, to_json(value)::text) > 0))
    INTO answer;
    RETURN answer;
  ELSIF p_action = 'notices' THEN
    RETURN coalesce((SELECT json_agg(json_build_object('id', n.erasure_id::text, 'store', n.store,
        'op_ids', n.op_ids, 'codes', n.codes, 'mask', n.mask) ORDER BY n.erasure_id)
      FROM public.erasure_notices n
      WHERE n.terminal_id = k.terminal_id AND n.store = ANY (stores)), '[]'::json);
  ELSIF p_action = 'done' THEN
    IF jsonb_typeof(a -> 'ids') IS DISTINCT FROM 'array' OR jsonb_array_length(a -> 'ids') > 100
      OR EXISTS (SELECT FROM jsonb_array_elements_text(a -> 'ids') i WHERE i !~ '^[0-9]{1,18}$') THEN
      RAISE EXCEPTION 'the ids of at most 100 notices' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    WITH gone AS (
      DELETE FROM public.erasure_notices n
      WHERE n.terminal_id = k.terminal_id AND n.store = ANY (stores)
        AND n.erasure_id IN (SELECT i::bigint FROM jsonb_array_elements_text(a -> 'ids') i)
      RETURNING 1)
    SELECT json_build_object('done', count(*)) INTO answer FROM gone;
    RETURN answer;
  END IF;
  RAISE EXCEPTION 'no action %', left(p_action, 16) USING ERRCODE = 'invalid_parameter_value';
END $$;

-- The read view gains each operation's customer pseudonym (last column: the view's earlier
-- columns are as 0102 left them).
CREATE OR REPLACE VIEW store_operations WITH (security_invoker = on) AS
SELECT
  i.store,
  i.mode,
  i.terminal_id,
  t.terminal_name,
  i.op_id,
  i.operation,
  coalesce(d.status, 'pending') AS status,
  i.identity_kind,
  i.identity_value,
  i.funding_code,
  i.cashier_id,
  i.billed_cents,
  CASE WHEN d.status = 'succeeded' AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')
    THEN i.to_collect_cents END AS collected_cents,
  i.store_day,
  i.at AS started_at,
  d.at AS resolved_at,
  d.service_message,
  i.signed_by,
  i.sent_by,
  i.received_at,
  d.received_at AS resolved_received_at,
  i.identity_ref
FROM journal_lines i
LEFT JOIN terminals t
  ON t.store = i.store AND t.mode = i.mode AND t.terminal_id = i.terminal_id
LEFT JOIN LATERAL (
  SELECT o.status, o.at, o.service_message, o.received_at
  FROM journal_lines o
  WHERE o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
    AND o.type = 'outcome'
  ORDER BY (o.status <> 'unknown') DESC,
    CASE WHEN o.status <> 'unknown' THEN o.seq ELSE -o.seq END
  LIMIT 1
) d ON true
WHERE i.type = 'intent';

-- The store day's figures (0109 as issue 35 left it), re-created whole with one change: each
-- customer's code is matched by pseudonym, so a code billed months ago, its DNI masked since,
-- and undone today is the same customer's code.
CREATE OR REPLACE FUNCTION store_db_day_figures(p_store text, p_mode text, p_day date) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  WITH ops AS (
    SELECT o.*,
      o.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled') AS billing,
      o.operation IN ('v3.undoBilling', 'v2.undoBilling') AS undo
    FROM public.store_operations o
    WHERE o.store = p_store AND o.mode = p_mode AND o.store_day = p_day
  ), codes AS (
    -- Each customer's code billed and undone that day (only these can be set apart: a code only
    -- billed that day is billed at its end whatever came before), read by the code's index: its
    -- balance before the day (1 or 0: billed when the day began, whatever billings the service
    -- repeated or undos of billings Mostrador never saw), plus the day's billings minus its
    -- undos, every counter's counted when an outcome of theirs succeeded; the day's billings of
    -- it (their counters alike) and the counters that undid it that day. Arrays, not joins
    -- between these sets: a day of 10,000 operations stays one pass.
    SELECT
      greatest(0, least(1,
        count(*) FILTER (WHERE i.store_day < p_day
          AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled'))
        - count(*) FILTER (WHERE i.store_day < p_day
          AND i.operation IN ('v3.undoBilling', 'v2.undoBilling'))))
      + count(*) FILTER (WHERE i.store_day = p_day
          AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled'))
      - count(*) FILTER (WHERE i.store_day = p_day
          AND i.operation IN ('v3.undoBilling', 'v2.undoBilling')) AS balance,
      array_agg(i.op_id ORDER BY i.op_id) FILTER (WHERE i.store_day = p_day
        AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')) AS day_billings,
      array_agg(i.terminal_id ORDER BY i.op_id) FILTER (WHERE i.store_day = p_day
        AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled')) AS day_billers,
      array_agg(DISTINCT i.terminal_id) FILTER (WHERE i.store_day = p_day
        AND i.operation IN ('v3.undoBilling', 'v2.undoBilling')) AS day_undoers
    FROM (SELECT identity_ref, funding_code FROM ops
      WHERE (billing OR undo) AND status = 'succeeded' AND identity_ref IS NOT NULL
        AND funding_code IS NOT NULL
      GROUP BY identity_ref, funding_code
      HAVING bool_or(billing) AND bool_or(undo)) k
    JOIN public.journal_lines i
      ON i.store = p_store AND i.type = 'intent' AND i.funding_code = k.funding_code
      AND i.mode = p_mode AND i.identity_ref = k.identity_ref AND i.store_day <= p_day
      AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled', 'v3.undoBilling', 'v2.undoBilling')
    WHERE EXISTS (SELECT FROM public.journal_lines o
      WHERE o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
        AND o.type = 'outcome' AND o.status = 'succeeded')
    GROUP BY k.identity_ref, k.funding_code
  ), set_apart AS (
    -- The day's billings of the codes not billed at the end of the day.
    SELECT unnest(day_billings) AS op_id FROM codes WHERE balance <= 0
  ), undone_at AS (
    -- For each counter whose billing is set apart, the counters that undid that code that day.
    SELECT b.terminal_id,
      jsonb_agg(DISTINCT u.terminal_id COLLATE "C" ORDER BY u.terminal_id COLLATE "C") AS at
    FROM codes c
    CROSS JOIN LATERAL unnest(c.day_billers) AS b(terminal_id)
    CROSS JOIN LATERAL unnest(c.day_undoers) AS u(terminal_id)
    WHERE c.balance <= 0
    GROUP BY b.terminal_id
  ), cashier AS (
    SELECT terminal_id, cashier_id,
      count(*) FILTER (WHERE billing AND status = 'succeeded') AS billed,
      coalesce(sum(collected_cents) FILTER (WHERE billing AND status = 'succeeded'), 0) AS collected
    FROM ops WHERE billing OR undo
    GROUP BY terminal_id, cashier_id
  ), counter AS (
    SELECT o.terminal_id, jsonb_build_object(
      'billed', count(*) FILTER (WHERE o.billing AND o.status = 'succeeded'),
      'undone', count(*) FILTER (WHERE o.undo AND o.status = 'succeeded'),
      'refused', count(*) FILTER (WHERE (o.billing OR o.undo) AND o.status = 'refused'),
      'collected_cents',
        coalesce(sum(o.collected_cents) FILTER (WHERE o.billing AND o.status = 'succeeded'), 0),
      'undone_collected_cents',
        coalesce(sum(o.collected_cents) FILTER (WHERE o.op_id IN (SELECT op_id FROM set_apart)), 0),
      -- Its sales undone (set apart), and the counters whose undos of those codes undid them.
      'sales_undone', count(*) FILTER (WHERE o.op_id IN (SELECT op_id FROM set_apart)),
      'undone_at', coalesce((SELECT w.at FROM undone_at w WHERE w.terminal_id = o.terminal_id),
        '[]'::jsonb),
      'open', count(*) FILTER (WHERE o.status IN ('pending', 'unknown')
        AND o.operation NOT IN (SELECT r.operation FROM public.read_operations r)),
      'operations', count(*),
      'cashiers', coalesce((SELECT jsonb_agg(c.cashier_id ORDER BY c.cashier_id COLLATE "C")
        FROM cashier c WHERE c.terminal_id = o.terminal_id), '[]'::jsonb),
      'by_cashier', coalesce((SELECT jsonb_agg(jsonb_build_object('cashier_id', c.cashier_id,
          'billed', c.billed, 'collected_cents', c.collected) ORDER BY c.cashier_id COLLATE "C")
        FROM cashier c WHERE c.terminal_id = o.terminal_id), '[]'::jsonb)
    ) AS figures
    FROM ops o GROUP BY o.terminal_id
  )
  SELECT jsonb_build_object(
    'counters', coalesce((SELECT jsonb_object_agg(terminal_id, figures) FROM counter), '{}'),
    'totals', jsonb_build_object(
      'billed', count(*) FILTER (WHERE billing AND status = 'succeeded'),
      'undone', count(*) FILTER (WHERE undo AND status = 'succeeded'),
      'refused', count(*) FILTER (WHERE (billing OR undo) AND status = 'refused'),
      'collected_cents',
        coalesce(sum(collected_cents) FILTER (WHERE billing AND status = 'succeeded'), 0),
      'undone_collected_cents',
        coalesce(sum(collected_cents) FILTER (WHERE op_id IN (SELECT op_id FROM set_apart)), 0),
      'open', count(*) FILTER (WHERE status IN ('pending', 'unknown')
        AND operation NOT IN (SELECT r.operation FROM public.read_operations r)),
      'operations', count(*)),
    'op_ids', coalesce(jsonb_agg(op_id::text ORDER BY op_id::text COLLATE "C")
      FILTER (WHERE billing OR undo), '[]'::jsonb))
  FROM ops
$$;

-- These customers' codes with their balance before the day (0112 as issue 35 left it), matched
-- by pseudonym: `identity` is the customer as the counter names them from the day's rows (their
-- pseudonym; the DNI where a line has none).
CREATE OR REPLACE FUNCTION store_db_read_codes_before(p_store text, p_mode text, p_day date, p_codes jsonb)
RETURNS json
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT coalesce(json_agg(json_build_object('identity', x.identity_value,
    'funding_code', x.funding_code, 'balance', x.balance)), '[]'::json)
  FROM (
    SELECT k.identity_value, k.funding_code,
      count(*) FILTER (WHERE i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled'))
        - count(*) FILTER (WHERE i.operation IN ('v3.undoBilling', 'v2.undoBilling')) AS balance
    FROM (SELECT DISTINCT c ->> 'identity' AS identity_value, c ->> 'funding_code' AS funding_code
      FROM jsonb_array_elements(p_codes) c) k
    JOIN public.journal_lines i
      ON i.store = p_store AND i.type = 'intent' AND i.funding_code = k.funding_code
      AND i.mode = p_mode AND coalesce(i.identity_ref, i.identity_value) = k.identity_value
      AND i.store_day < p_day
      AND i.operation IN ('v3.paidAndBilled', 'v2.paidAndBilled', 'v3.undoBilling', 'v2.undoBilling')
    WHERE EXISTS (SELECT FROM public.journal_lines o
      WHERE o.store = i.store AND o.terminal_id = i.terminal_id AND o.op_id = i.op_id
        AND o.type = 'outcome' AND o.status = 'succeeded')
    GROUP BY k.identity_value, k.funding_code
  ) x
$$;

-- Every counter's operations of one store day (0112), with each one's customer pseudonym last.
CREATE OR REPLACE FUNCTION store_db_read_day(p_store text, p_mode text, p_day date) RETURNS json
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
  SELECT json_build_object(
    'columns', json_build_array('terminal_id', 'terminal_name', 'op_id', 'operation', 'status',
      'identity_kind', 'identity_value', 'funding_code', 'cashier_id', 'billed_cents',
      'collected_cents', 'started_at', 'resolved_at', 'service_message', 'to_collect_cents',
      'identity_ref'),
    'rows', coalesce(json_agg(json_build_array(o.terminal_id, o.terminal_name, o.op_id,
      o.operation, o.status, o.identity_kind, o.identity_value, o.funding_code, o.cashier_id,
      o.billed_cents, o.collected_cents, o.started_at, o.resolved_at, o.service_message,
      CASE WHEN o.status IN ('pending', 'unknown') THEN (
        SELECT j.to_collect_cents FROM public.open_operations p
        JOIN public.journal_lines j
          ON j.store = p.store AND j.terminal_id = p.terminal_id AND j.seq = p.seq
        WHERE p.store = o.store AND p.terminal_id = o.terminal_id AND p.op_id = o.op_id) END,
      o.identity_ref)
      ORDER BY o.started_at, o.terminal_id, o.op_id), '[]'::json))
  FROM public.store_operations o
  WHERE o.store = p_store AND o.mode = p_mode AND o.store_day = p_day
$$;

-- The signed call (0110), re-created whole with one change: a line sent again that differs from
-- the line held only in its customers' identities (the counter masked its journal once its
-- lines were here, or the database masked the day) is the same line, not a conflict.
CREATE OR REPLACE FUNCTION store_db_append(
  p_terminal_id text, p_beat bigint, p_stores text[], p_modes text[], p_terminal_name text,
  p_app_version text, p_time_zone text, p_journal_seq bigint, p_waiting integer, p_open integer,
  p_sign_off boolean, p_line_stores text[], p_seqs bigint[], p_lines text[], p_line_bytes bytea[],
  p_mac bytea
) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  SET plan_cache_mode = force_generic_plan SET lock_timeout = '2s' AS $$
DECLARE
  k public.terminal_keys;
  n integer := coalesce(cardinality(p_seqs), 0);
  last_beat bigint;
  conflict bigint;
  held bigint;
  held_before bigint;
BEGIN
  IF n > 5000 OR coalesce(cardinality(p_line_stores), 0) <> n
    OR coalesce(cardinality(p_lines), 0) <> n OR coalesce(cardinality(p_line_bytes), 0) <> n
    OR coalesce(cardinality(p_stores), 0) NOT BETWEEN 1 AND 2
    OR coalesce(cardinality(p_modes), 0) <> cardinality(p_stores)
    OR p_terminal_id IS NULL OR length(p_terminal_id) NOT BETWEEN 1 AND 64
    OR p_beat IS NULL OR p_beat <= 0
    OR p_journal_seq IS NULL OR p_journal_seq NOT BETWEEN 0 AND 1000000000000
    OR p_waiting IS NULL OR p_waiting < 0 OR p_open IS NULL OR p_open NOT BETWEEN 0 AND 1000000
    OR p_sign_off IS NULL OR length(coalesce(p_terminal_name, '')) > 256
    OR length(coalesce(p_app_version, '')) > 256 THEN
    RAISE EXCEPTION 'a batch of at most 5000 lines under 1 or 2 stores, with counts that are not negative'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF EXISTS (SELECT FROM unnest(p_seqs) q WHERE q IS NULL OR q NOT BETWEEN 1 AND 1000000000000) THEN
    RAISE EXCEPTION 'a line''s seq is 1 to 10^12' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- IANA zone names only, as 0102: PostgreSQL reads a POSIX offset such as '+09:00' with its sign
  -- reversed and files a sale under another day (docs/decisions.md "The store time zone is an
  -- IANA name (issue 26, item 8)").
  IF p_time_zone IS NULL OR NOT (p_time_zone = 'UTC' OR p_time_zone ~
      '^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Za-z0-9_+-]+(/[A-Za-z0-9_+-]+)?$')
  THEN
    RAISE EXCEPTION 'the store time zone % is not an IANA name', left(p_time_zone, 64)
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  k := public.store_db_signer(p_terminal_id, public.store_db_batch_message(p_terminal_id, p_beat,
    p_stores, p_modes, p_terminal_name, p_app_version, p_time_zone, p_journal_seq, p_waiting,
    p_open, p_sign_off, p_line_stores, p_seqs, p_lines, p_line_bytes), p_mac);
  IF EXISTS (SELECT FROM unnest(p_stores, p_modes) AS x(s, m)
      WHERE s IS NULL OR m IS NULL OR NOT public.store_db_key_writes(k.store, s, m))
    OR EXISTS (SELECT FROM unnest(p_line_stores) s WHERE s IS NULL OR NOT s = ANY (p_stores)) THEN
    RAISE EXCEPTION 'counter % writes only in its store % and its training store', p_terminal_id,
      k.store USING ERRCODE = 'MS011';
  END IF;
  -- The call number, under the row's lock: replays are refused, and two calls of one counter
  -- never interleave.
  SELECT t.last_beat INTO last_beat FROM public.terminal_keys t
    WHERE t.terminal_id = p_terminal_id FOR UPDATE;
  IF p_beat <= last_beat THEN
    RAISE EXCEPTION 'call % of terminal % is not after its call %', p_beat, p_terminal_id,
      last_beat USING ERRCODE = 'insufficient_privilege';
  END IF;
  UPDATE public.terminal_keys SET last_beat = p_beat WHERE terminal_id = p_terminal_id;

  -- Only a line at or below the last seq held can differ from a held one: new lines (every call
  -- but a resend) skip the comparison. The last seq held is read by the primary key backwards.
  SELECT max(l.seq) INTO held_before FROM unnest(p_stores) AS s(store)
  CROSS JOIN LATERAL (
    SELECT j.seq FROM public.journal_lines j
    WHERE j.store = s.store AND j.terminal_id = p_terminal_id
    ORDER BY j.seq DESC LIMIT 1
  ) l;
  IF n > 0 AND (SELECT min(q) FROM unnest(p_seqs) AS q) <= coalesce(held_before, 0) THEN
    -- Two texts that differ only in their customers' identities (one masked) are one line.
    SELECT min(x.q) INTO conflict
    FROM unnest(p_line_stores, p_seqs, p_lines) AS x(s, q, l)
    JOIN public.journal_lines j ON j.store = x.s AND j.terminal_id = p_terminal_id AND j.seq = x.q
    WHERE j.line <> x.l
      AND public.store_db_identity_blind(j.line) IS DISTINCT FROM public.store_db_identity_blind(x.l);
  END IF;

  INSERT INTO public.journal_lines
    (store, terminal_id, seq, time_zone, line, line_bytes, signed_by, sent_by)
  SELECT x.s, p_terminal_id, x.q, p_time_zone, x.l, x.b, p_terminal_id, session_user
  FROM unnest(p_line_stores, p_seqs, p_lines, p_line_bytes) WITH ORDINALITY AS x(s, q, l, b, o)
  WHERE conflict IS NULL OR x.q < conflict
  ORDER BY x.o
  ON CONFLICT (store, terminal_id, seq) DO NOTHING;

  SELECT max(l.seq) INTO held FROM unnest(p_stores) AS s(store)
  CROSS JOIN LATERAL (
    SELECT j.seq FROM public.journal_lines j
    WHERE j.store = s.store AND j.terminal_id = p_terminal_id
    ORDER BY j.seq DESC LIMIT 1
  ) l;

  INSERT INTO public.terminals AS t (store, mode, terminal_id, terminal_name, app_version,
    last_seen_at, journal_seq, waiting_lines, open_operations, signed_off_at, waiting_since,
    conflict_seq)
  SELECT x.s, x.m, p_terminal_id, left(p_terminal_name, 32), left(p_app_version, 32), now(),
    p_journal_seq, p_waiting, p_open,
    CASE WHEN p_sign_off AND p_waiting = 0 AND p_open = 0 THEN now() END,
    CASE WHEN coalesce(held, 0) < coalesce(p_journal_seq, 0) OR p_waiting > 0 THEN now() END,
    conflict
  FROM unnest(p_stores, p_modes) AS x(s, m)
  ON CONFLICT (store, mode, terminal_id) DO UPDATE
    SET terminal_name = excluded.terminal_name,
        app_version = excluded.app_version,
        last_seen_at = excluded.last_seen_at,
        journal_seq = excluded.journal_seq,
        waiting_lines = excluded.waiting_lines,
        open_operations = excluded.open_operations,
        signed_off_at = excluded.signed_off_at,
        waiting_since = CASE WHEN excluded.waiting_since IS NULL THEN NULL
          ELSE coalesce(t.waiting_since, excluded.waiting_since) END,
        -- A heartbeat sends no line: it leaves the alarm of the last batch as it was.
        conflict_seq = CASE WHEN n > 0 THEN excluded.conflict_seq ELSE t.conflict_seq END;
  RETURN conflict;
END $$;

REVOKE ALL ON FUNCTION store_db_identity_mask(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_is_mask(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_identity_ref(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_identity_strings(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_replace_identities(text, boolean) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_mask_text(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_identity_blind(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_line_identity_ref(text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_masks_on_arrival(text, text, text, uuid, date, text, text)
  FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_mask_day(text, date) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_mask_close(text, text, date, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_forget_before(date, text, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_day_closes_forget() FROM PUBLIC;
REVOKE ALL ON FUNCTION store_day_closes_mask() FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_retention(integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_customer_ops(text, text[]) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_forget_identity(text, text, text[], text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_personal_data_message(text, text, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION store_db_personal_data(text, text, text, text, bytea) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_db_personal_data(text, text, text, text, bytea)
  TO mostrador_terminal;

-- The signed calls re-created here keep what 0112 pinned (a CREATE OR REPLACE drops a function's
-- settings): JIT off, and every query-tuning setting and work_mem at the server's values when
-- migrate runs, so a plan kept on a pooled connection is made the same whoever called first.
ALTER FUNCTION store_db_append(text, bigint, text[], text[], text, text, text, bigint, integer,
  integer, boolean, text[], bigint[], text[], bytea[], bytea) SET jit = off;
ALTER FUNCTION store_db_personal_data(text, text, text, text, bytea) SET jit = off;
DO $$
DECLARE
  f regprocedure;
  g text;
BEGIN
  FOR f IN SELECT unnest(ARRAY[
      'store_db_append(text, bigint, text[], text[], text, text, text, bigint, integer, integer, boolean, text[], bigint[], text[], bytea[], bytea)',
      'store_db_personal_data(text, text, text, text, bytea)']::regprocedure[])
  LOOP
    FOR g IN SELECT s.name FROM pg_catalog.pg_settings s
      WHERE (s.category LIKE 'Query Tuning%' OR s.name = 'work_mem')
        AND s.context = 'user' AND s.name NOT IN ('jit', 'plan_cache_mode')
      ORDER BY s.name
    LOOP
      EXECUTE format('ALTER FUNCTION %s SET %I FROM CURRENT', f, g);
    END LOOP;
  END LOOP;
END $$;
