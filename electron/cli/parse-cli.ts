// One way for every command line of the project (`npm run mock`, `store-db`, `receipt`, `web`)
// to read its options: `--help`/`-h` prints the usage on stdout and exits 0; an unknown option, a
// missing value or a stray argument is one line on stderr and exit code 2, never a stack trace
// (docs/decisions.md "Command lines answer --help and refuse unknown options").
import { type ParseArgsConfig, parseArgs } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

export type CliSpec<O extends ParseArgsOptionsConfig> = {
  /** What the error line starts with: the npm script's name (`mock`). */
  name: string;
  /** The whole usage text, printed as it is for `--help`. */
  usage: string;
  options: O;
  allowPositionals?: boolean;
};

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: boolean }>
>;

export type CliParse<O extends ParseArgsOptionsConfig> =
  | { kind: 'values'; values: Parsed<O>['values']; positionals: string[] }
  | { kind: 'exit'; code: 0 | 2; stdout: string; stderr: string };

export function parseCli<O extends ParseArgsOptionsConfig>(
  spec: CliSpec<O>,
  argv: readonly string[],
): CliParse<O> {
  // Asked for help anywhere before `--`, the usage answers, whatever else is on the line.
  const end = argv.indexOf('--');
  const head = end === -1 ? argv : argv.slice(0, end);
  if (head.some((arg) => arg === '--help' || arg === '-h')) {
    return { kind: 'exit', code: 0, stdout: `${spec.usage}\n`, stderr: '' };
  }
  try {
    const parsed = parseArgs({
      args: [...argv],
      options: spec.options,
      strict: true,
      allowPositionals: spec.allowPositionals ?? false,
    });
    return { kind: 'values', values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    const hint = `(npm run ${spec.name} -- --help lists the options)`;
    return {
      kind: 'exit',
      code: 2,
      stdout: '',
      stderr: `${spec.name}: ${problemOf(error)} ${hint}\n`,
    };
  }
}

/** For an entry point: the values, or the usage or the error line written and the process ended. */
export function parseCliOrExit<O extends ParseArgsOptionsConfig>(
  spec: CliSpec<O>,
  argv: readonly string[] = process.argv.slice(2),
): { values: Parsed<O>['values']; positionals: string[] } {
  const parsed = parseCli(spec, argv);
  if (parsed.kind === 'values') return parsed;
  process.stdout.write(parsed.stdout);
  process.stderr.write(parsed.stderr);
  process.exit(parsed.code);
}

/** Node's parseArgs message, as one short line: its first sentence, the option named plainly. */
function problemOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted) return `unknown option ${quoted}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && quoted) {
    return `unexpected argument ${quoted}`;
  }
  const first = message.split(/\.\s/)[0]?.replace(/\.$/, '') ?? message;
  return first.charAt(0).toLowerCase() + first.slice(1);
}
