// The main process's log: JSON lines appended to a file in the data dir. Every line passes the
// redaction step first, so nothing written here can carry the token (docs/decisions.md "Security").
// Writing never throws into the caller: a full disk must not turn a cashier's sale into a crash.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { redactForLog } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export type Logger = {
  readonly file: string | null;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /**
   * Adds a string that must never appear in a log line (the token, when it is set or read).
   * Old ones are kept: a replaced token is still a credential someone may try.
   */
  protect(secret: string | null | undefined): void;
};

export type FileLoggerOptions = {
  file: string;
  clock?: () => Date;
  /** Lines below this level are dropped. */
  level?: LogLevel;
  /** Also where a line goes when the file cannot be written (stderr by default). */
  fallback?: (line: string) => void;
};

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Secrets shorter than this are not searched for: "1234" would redact half the log. */
const MIN_SECRET_LENGTH = 6;

export function createFileLogger(options: FileLoggerOptions): Logger {
  const clock = options.clock ?? (() => new Date());
  const threshold = ORDER[options.level ?? 'info'];
  const secrets = new Set<string>();
  const fallback = options.fallback ?? ((line: string) => process.stderr.write(`${line}\n`));
  let dirReady = false;

  const write = (level: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[level] < threshold) return;
    let line: string;
    try {
      const body = redactForLog({ ...fields, msg: message }, [...secrets]) as LogFields;
      line = JSON.stringify({ at: clock().toISOString(), level, ...body });
    } catch {
      line = JSON.stringify({ at: new Date().toISOString(), level, msg: '[unloggable entry]' });
    }
    try {
      if (!dirReady) {
        mkdirSync(dirname(options.file), { recursive: true, mode: 0o700 });
        dirReady = true;
      }
      // Synchronous on purpose: the line is on its way to disk before a crash can follow it,
      // and lines from concurrent handlers never interleave.
      appendFileSync(options.file, `${line}\n`, { mode: 0o600 });
    } catch {
      fallback(line);
    }
  };

  return {
    file: options.file,
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    protect(secret) {
      if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) secrets.add(secret);
    },
  };
}

/** A logger that keeps redacted lines in memory (tests, and places with no data dir yet). */
export function createMemoryLogger(clock: () => Date = () => new Date()) {
  const lines: string[] = [];
  const secrets = new Set<string>();
  const write = (level: LogLevel, message: string, fields?: LogFields) => {
    const body = redactForLog({ ...fields, msg: message }, [...secrets]) as LogFields;
    lines.push(JSON.stringify({ at: clock().toISOString(), level, ...body }));
  };
  const logger: Logger & { lines: string[] } = {
    file: null,
    lines,
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    protect(secret) {
      if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) secrets.add(secret);
    },
  };
  return logger;
}

/**
 * A logger that hands each redacted line to `write`: a server that keeps no data folder
 * (`npm run head-office`) logs to stderr, with the same redaction as the file's.
 */
export function createLineLogger(
  write: (line: string) => void,
  clock: () => Date = () => new Date(),
): Logger {
  const secrets = new Set<string>();
  const emit = (level: LogLevel, message: string, fields?: LogFields) => {
    if (ORDER[level] < ORDER.info) return;
    let line: string;
    try {
      const body = redactForLog({ ...fields, msg: message }, [...secrets]) as LogFields;
      line = JSON.stringify({ at: clock().toISOString(), level, ...body });
    } catch {
      line = JSON.stringify({ at: new Date().toISOString(), level, msg: '[unloggable entry]' });
    }
    try {
      write(line);
    } catch {
      // Nowhere left to say it.
    }
  };
  return {
    file: null,
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
    protect(secret) {
      if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) secrets.add(secret);
    },
  };
}
