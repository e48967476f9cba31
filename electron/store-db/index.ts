// The store database's public surface for the main process (docs/store-database.md): the
// replication beside the journal, the reads of the other counters, and "Probar conexión".
export { checkStoreDb } from './check-connection';
export {
  categorize,
  DEFAULT_TIMEOUTS,
  isPrivateHost,
  parseStoreDbUrl,
  StoreDbError,
  type StoreDbTimeouts,
} from './connection';
export { LATEST_VERSION, migrate } from './migrate';
export {
  DEFAULT_REPLICATION_RETRY,
  type Replicator,
  type ReplicatorOptions,
  replicationOff,
  startReplicator,
} from './replicator';
export { poolCalls, type StoreCalls } from './store-calls';
export { openStoreDbPool, type StoreDbPool } from './store-db-pool';
export {
  type CodeQuery,
  DEFAULT_CROSS_COUNTER_WAIT_MS,
  readCodeAcrossCounters,
  readFreshness,
  readStoreDay,
  type StoreRead,
} from './store-queries';
