// ESC/POS to an OS print queue, raw (no driver in between): CUPS's `lp -d NAME -o raw`, the job
// on its standard input. Windows print queues are not covered (see docs/printing.md).
import { spawn } from 'node:child_process';
import { PrinterFailure } from './printer-failure';

export type QueueOptions = { command?: string; timeoutMs?: number };

/** The command and arguments that print `job` raw on queue `name`. */
export function queueCommand(name: string, command = 'lp'): { file: string; args: string[] } {
  return { file: command, args: ['-d', name, '-o', 'raw', '-t', 'Mostrador'] };
}

export function sendToQueue(name: string, job: Uint8Array, options: QueueOptions = {}) {
  const { file, args } = queueCommand(name, options.command);
  const timeoutMs = options.timeoutMs ?? 15_000;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['pipe', 'ignore', 'pipe'], shell: false });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new PrinterFailure('no-answer', `${file} took more than ${timeoutMs} ms`));
    }, timeoutMs);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < 2_000) stderr += text;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new PrinterFailure('queue-unavailable', `${file} not found: no CUPS client installed`)
          : new PrinterFailure('queue-failed', `${file}: ${error.code ?? error.message}`),
      );
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      const said = stderr.trim().slice(0, 300);
      // CUPS: "lp: The printer or class does not exist." (and translations naming the queue).
      const missing = /does not exist|no existe|unknown printer|not found/i.test(said);
      reject(
        new PrinterFailure(missing ? 'queue-missing' : 'queue-failed', said || `exit ${code}`),
      );
    });
    child.stdin.on('error', () => {
      // lp exited before reading everything: its exit code and message tell why.
    });
    child.stdin.end(Buffer.from(job));
  });
}
