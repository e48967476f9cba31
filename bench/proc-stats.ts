// Memory and CPU of a child process from /proc. VmHWM is the kernel's own peak of the
// resident set, so nothing between two samples is missed (Linux only; the bench machines are).
import { readFile } from 'node:fs/promises';

export type ProcMemory = {
  rssMb: number;
  hwmMb: number;
  /** Now, by kind: anonymous (V8 heap, malloc arenas, stacks) and file-backed (code, mapped files). */
  anonMb: number;
  fileMb: number;
};

export async function readProcMemory(pid: number): Promise<ProcMemory> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match?.[1]) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(match[1]);
  };
  return {
    rssMb: kb('VmRSS') / 1024,
    hwmMb: kb('VmHWM') / 1024,
    anonMb: kb('RssAnon') / 1024,
    fileMb: kb('RssFile') / 1024,
  };
}

/**
 * CPU time (user + system) the process has used, in ms, from /proc/<pid>/stat. On a shared
 * machine, CPU per request holds steadier than requests per second, which also counts waiting.
 */
export async function readProcCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may itself contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** USER_HZ: 100 on every Linux the bench runs on (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;
