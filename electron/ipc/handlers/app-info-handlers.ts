// app.info: what the about box and a support call need — name, version, where the data, log and
// journal are, and the runtime versions. Built once by the shell that starts the backend.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppInfo } from '../../../shared/bridge';
import type { HandlerDeps, HandlerMap } from '../deps';

export function appInfoHandlers(deps: HandlerDeps): Pick<HandlerMap, 'app.info'> {
  return { 'app.info': async () => deps.appInfo };
}

const PackageJson = z.object({ name: z.string(), version: z.string() });

/** Name and version from the project's package.json (browser mode, tests). */
export async function readPackageInfo(root: string): Promise<{ name: string; version: string }> {
  return PackageJson.parse(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')));
}

export function buildAppInfo(options: {
  name: string;
  version: string;
  shell: AppInfo['shell'];
  dataDir: string;
  logFile: string;
  journalFile: string;
  versions?: { electron?: string | null; chrome?: string | null };
}): AppInfo {
  return {
    name: options.name,
    version: options.version,
    shell: options.shell,
    data_dir: options.dataDir,
    log_file: options.logFile,
    journal_file: options.journalFile,
    electron: options.versions?.electron ?? null,
    chrome: options.versions?.chrome ?? null,
    node: process.versions.node,
  };
}
