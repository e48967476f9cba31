// A small file only this OS user may read, replaced atomically: a crash during a write leaves
// the old token or the new one, never half of one, and never a moment with looser permissions.
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export const PRIVATE_MODE = 0o600;
const CHECKS_MODES = process.platform !== 'win32'; // Windows has ACLs, not mode bits

async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename itself durable. Not possible on every platform; the write is still atomic.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

export async function writePrivateFile(file: string, text: string): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    // Created 0600 ('wx' refuses to reuse a name an attacker could have planted).
    const handle = await open(temp, 'wx', PRIVATE_MODE);
    try {
      if (CHECKS_MODES) await handle.chmod(PRIVATE_MODE); // a umask can only remove bits, but be sure
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/**
 * The file's text, or null when it does not exist. If group or others may read it (copied in by
 * hand, restored from a backup), its mode is put back to 0600 before going on.
 */
export async function readPrivateFile(file: string): Promise<string | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    if (CHECKS_MODES && ((await handle.stat()).mode & 0o077) !== 0) {
      await handle.chmod(PRIVATE_MODE);
    }
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

export async function removePrivateFile(file: string): Promise<void> {
  await rm(file, { force: true });
  await syncDirectory(dirname(file));
}
