// A disk that fills for a while under one run's data dir only: the next `failures` fsyncs of files
// under it fail with ENOSPC, then it has room again. The fsync is where a full disk with delayed
// allocation reports ENOSPC, and it is what the journal's recovery probe meets too
// (docs/decisions.md "Journal speed"). Runs share the process, so the file a handle belongs to is
// read from /proc/self/fd; other files, and every file while no disk is full, are untouched.
import { readlinkSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';

type Full = { failures: number };
const fullDirs = new Map<string, Full>();
let installed: Promise<void> | null = null;

function pathOf(fd: number): string | null {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return null;
  }
}

function install(): Promise<void> {
  installed ??= (async () => {
    const handle = await open(tmpdir(), 'r');
    const proto = Object.getPrototypeOf(handle) as FileHandle;
    await handle.close();
    const original = proto.sync;
    proto.sync = async function sync(this: FileHandle) {
      if (fullDirs.size > 0) {
        const path = pathOf(this.fd);
        for (const [dir, full] of fullDirs) {
          if (path?.startsWith(`${dir}/`)) {
            full.failures -= 1;
            if (full.failures <= 0) fullDirs.delete(dir);
            throw Object.assign(new Error('ENOSPC: no space left on device, fsync'), {
              code: 'ENOSPC',
            });
          }
        }
      }
      return original.call(this);
    };
  })();
  return installed;
}

export type FullDisk = {
  /** The run's data dir, once its backend is open. */
  dir: string | null;
  /** The next `failures` fsyncs under `dir` fail; false where the platform cannot tell files apart. */
  fill(failures: number): boolean;
  /** Room again (the run is over). */
  release(): void;
};

/** Linux only (/proc); elsewhere `fill` does nothing and the fault is not drawn. */
export async function createFullDisk(): Promise<FullDisk | null> {
  if (process.platform !== 'linux') return null;
  await install();
  const disk: FullDisk = {
    dir: null,
    fill(failures) {
      if (disk.dir === null) return false;
      fullDirs.set(disk.dir, { failures });
      return true;
    },
    release() {
      if (disk.dir !== null) fullDirs.delete(disk.dir);
    },
  };
  return disk;
}
