-- 0105: the signed call plans its statements once per connection (docs/decisions.md "A chain on
-- one server"). PL/pgSQL caches each statement's plan, but for a statement with parameters
-- PostgreSQL plans again at every call while a plan made for the call's own values looks cheaper
-- than the generic one, and the arrays a batch arrives in (unnest of a one-line batch) always
-- do: planning was about a fifth of the server's CPU per call (perf on a one-line call). Each of
-- the function's statements reads by a key the generic plan uses as well, so the generic plan is
-- taken from the start. The setting holds inside the call only, also for the triggers it fires
-- (nothing a pooled connection keeps). Safe on a live store: no table is touched.
ALTER FUNCTION store_db_append(text, bigint, text[], text[], text, text, text, bigint, integer,
  integer, boolean, text[], bigint[], text[], bytea[], bytea)
  SET plan_cache_mode = force_generic_plan;
