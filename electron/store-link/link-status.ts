// What Settings shows of the link (docs/store-database.md): where the URL comes from, where it
// points (never its password), why a URL that is set is not used, the replication's state and
// this counter's terminal id for a re-enrollment code.
import type { StoreDbStatus } from '../../shared/bridge/store-db';
import type { LinkReplication } from './link-replication';
import type { LinkUrl } from './link-url';

export function linkStatus(
  url: LinkUrl,
  replication: LinkReplication,
  knownTerminalId: (() => string | null) | undefined,
): StoreDbStatus {
  const use = url.inUse();
  // The URL's own problem first; the replication's only counts while a URL is in use.
  const problem = url.problem() ?? (use ? replication.problem() : null);
  return {
    source: url.source(),
    target: use ? use.target : null,
    problem,
    replication: replication.state(),
    terminal_id: knownTerminalId?.() ?? null,
  };
}
