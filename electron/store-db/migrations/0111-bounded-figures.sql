-- 0111: the database bounds every figure it sums (docs/store-database.md "No line stops the
-- record"). A line is still always kept, byte for byte; one whose amounts are negative or larger
-- than Mostrador ever handles (shared/domain/money.ts MAX_CENTS, 15 digits of cents), whose time
-- is before 2020 or more than a day after the database's clock, or which is longer than any line
-- a counter writes (64 KiB: the app keeps a few KiB of any service text), is kept as `unreadable`
-- with the reason: an alarm for the supervisor (the close lists the counter's unreadable lines),
-- never summed. The signed call refuses negative counts itself (0110). Otherwise the function is
-- 0102's. Safe on a live store: one function replaced; lines already held keep their columns.
CREATE OR REPLACE FUNCTION journal_line_columns(p_line text, p_seq bigint, p_time_zone text,
  OUT type text, OUT op_id uuid, OUT at timestamptz, OUT store_day date, OUT mode text,
  OUT operation text, OUT cashier_id text, OUT identity_kind text, OUT identity_value text,
  OUT funding_code text, OUT billed_cents bigint, OUT to_collect_cents bigint, OUT status text,
  OUT service_message text)
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  j json;
  name text;
  max_cents constant bigint := 999999999999999;
BEGIN
  IF octet_length(p_line) > 65536 THEN
    RAISE EXCEPTION 'longer than 65536 bytes (% bytes): no counter writes such a line',
      octet_length(p_line);
  END IF;
  j := p_line::json;
  IF json_typeof(j) IS DISTINCT FROM 'object' THEN
    RAISE EXCEPTION 'not a JSON object';
  END IF;
  IF (j ->> 'seq')::bigint IS DISTINCT FROM p_seq THEN
    RAISE EXCEPTION 'its seq % is not its key seq %', left(j ->> 'seq', 32), p_seq;
  END IF;
  type := j ->> 'type';
  op_id := (j ->> 'op_id')::uuid;
  at := (j ->> 'at')::timestamptz;
  IF op_id IS NULL OR at IS NULL THEN
    RAISE EXCEPTION 'no op_id or no at';
  END IF;
  IF at < timestamptz '2020-01-01 00:00:00+00' OR at > now() + interval '1 day' THEN
    RAISE EXCEPTION 'its time % is outside the plausible days (2020 to a day after the database''s clock)',
      left(j ->> 'at', 40);
  END IF;
  store_day := (at AT TIME ZONE p_time_zone)::date;
  IF type = 'intent' THEN
    name := j ->> 'operation';
    -- Old journals' names, read under the current ones (shared/journal-entry.ts).
    operation := CASE name
      WHEN 'v3.paid-and-billed' THEN 'v3.paidAndBilled'
      WHEN 'v3.undo-billing' THEN 'v3.undoBilling'
      WHEN 'v2.paid-and-billed' THEN 'v2.paidAndBilled'
      WHEN 'v2.undo-billing' THEN 'v2.undoBilling'
      WHEN 'v2.day-summary' THEN 'v2.daySummary'
      WHEN 'orders.refund-total' THEN 'orders.refundTotal'
      WHEN 'orders.refund-partial' THEN 'orders.refundPartial'
      WHEN 'integration.sale-request' THEN 'integration.saleRequest'
      ELSE name END;
    mode := j ->> 'mode';
    cashier_id := left(j ->> 'cashier_id', 64);
    identity_kind := left(j -> 'identity' ->> 'kind', 8);
    identity_value := left(j -> 'identity' ->> 'value', 32);
    funding_code := left(j ->> 'funding_code', 32);
    billed_cents := (j ->> 'billed_cents')::bigint;
    to_collect_cents := (j ->> 'to_collect_cents')::bigint;
    IF operation IS NULL OR mode IS NULL OR mode NOT IN ('live', 'training') OR cashier_id IS NULL
    THEN
      RAISE EXCEPTION 'an intent without operation, mode or cashier';
    END IF;
    IF billed_cents NOT BETWEEN 0 AND max_cents OR to_collect_cents NOT BETWEEN 0 AND max_cents THEN
      RAISE EXCEPTION 'an amount outside 0 to % cents (billed %, to collect %)', max_cents,
        billed_cents, to_collect_cents;
    END IF;
    operation := left(operation, 64);
  ELSIF type = 'outcome' THEN
    status := j ->> 'status';
    service_message := left(CASE json_typeof(j -> 'service_message')
      WHEN 'string' THEN j ->> 'service_message'
      WHEN 'null' THEN NULL
      ELSE (j -> 'service_message')::text END, 4096);
    IF status IS NULL OR status NOT IN ('succeeded', 'refused', 'unknown') THEN
      RAISE EXCEPTION 'an outcome without a known status';
    END IF;
  ELSIF type IS NULL OR type NOT IN ('attempt', 'note') THEN
    RAISE EXCEPTION 'no known type';
  END IF;
END $$;
