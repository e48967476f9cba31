-- 0105: the signed call plans its statements once per connection (docs/decisions.md "A chain on
-- one server"). PL/pgSQL caches each statement's plan, but for a statement with parameters
-- PostgreSQL plans again at every call while a plan made for the call's own values looks cheaper
-- than the generic one, and the arrays a batch arrives in (unnest of a one-line batch) always
-- do: planning was about a fifth of the server's CPU per call (perf on a one-line call). The
-- generic plan of each statement reads by the same key as the custom one (EXPLAIN of both), so
-- it is taken from the start. One case is the same either way: on a table never analyzed (a new
-- or restored database, until autovacuum's first pass) the comparison a resend makes with the
-- lines held may read a counter's lines by operation rather than by seq, custom plan or generic
-- (docs/store-database.md "Backups"). The setting holds inside the call only, also for the
-- triggers it fires (nothing a pooled connection keeps). A later CREATE OR REPLACE of
-- store_db_append drops it: such a migration must set it again. Safe on a live store: no table
-- is touched.
ALTER FUNCTION store_db_append(text, bigint, text[], text[], text, text, text, bigint, integer,
  integer, boolean, text[], bigint[], text[], bytea[], bytea)
  SET plan_cache_mode = force_generic_plan;
