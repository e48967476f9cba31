// Where browser mode keeps its settings, token file, journal and log when not told: the OS's
// usual folder for an application's data, per user.
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

export type DataDirContext = {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  home: string;
};

/** `--data-dir` wins, then MOSTRADOR_DATA_DIR, then the OS default. */
export function resolveDataDir(
  flag: string | undefined,
  context: DataDirContext = { platform: process.platform, env: process.env, home: homedir() },
): string {
  if (flag) return flag;
  const fromEnv = context.env.MOSTRADOR_DATA_DIR;
  if (fromEnv) return fromEnv;
  return defaultDataDir(context);
}

export function defaultDataDir({ platform, env, home }: DataDirContext): string {
  if (platform === 'win32') {
    return win32.join(env.APPDATA || win32.join(home, 'AppData', 'Roaming'), 'Mostrador');
  }
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', 'Mostrador');
  // XDG: a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME;
  const base = xdg && posix.isAbsolute(xdg) ? xdg : posix.join(home, '.local', 'share');
  return posix.join(base, 'mostrador');
}
