// When a shell's backend cannot open (docs/decisions.md "Terminal needs attention: PIN, token and settings at the edges (issue 19)"), the shell
// still serves the page, with this bridge: it says why, and app.info says where the data is.
import { join } from 'node:path';
import type { AppInfo, AttentionReason } from '../../../shared/bridge';
import { createFileLogger } from '../../log/logger';
import { buildAppInfo } from '../handlers/app-info-handlers';
import { attentionTable } from './attention-table';
import type { HandlerTable } from './create-handlers';
import { DataDirUnwritable, JOURNAL_FILE, LOG_FILE } from './open-backend';

/**
 * The bridge of a shell whose backend failed to open with `error`: `data-dir-unwritable` when the
 * data folder refused a file, else `start-failed`. The log goes to the data folder if it can,
 * else to stderr (the file logger's fallback); the failure is logged without a stack.
 */
export function startFailureTable(
  error: unknown,
  options: {
    dataDir: string;
    shell: AppInfo['shell'];
    app: { name: string; version: string };
    versions?: { electron?: string | null; chrome?: string | null };
  },
): { reason: AttentionReason; table: HandlerTable } {
  const reason: AttentionReason =
    error instanceof DataDirUnwritable ? 'data-dir-unwritable' : 'start-failed';
  const logFile = join(options.dataDir, LOG_FILE);
  const logger = createFileLogger({ file: logFile });
  logger.error('the backend could not open: the terminal needs attention', {
    reason,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
  const appInfo = buildAppInfo({
    ...options.app,
    shell: options.shell,
    dataDir: options.dataDir,
    logFile,
    journalFile: join(options.dataDir, JOURNAL_FILE),
    ...(options.versions ? { versions: options.versions } : {}),
  });
  return { reason, table: attentionTable({ reason, appInfo, logger }) };
}
