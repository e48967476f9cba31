import { describe, expect, it } from 'vitest';
import { parseCli } from './parse-cli';

const SPEC = {
  name: 'demo',
  usage: 'usage: npm run demo -- [--port N] [--log]',
  options: {
    port: { type: 'string', default: '4010' },
    log: { type: 'boolean', default: false },
  },
} as const;

describe('parseCli', () => {
  it('gives the values of a good command line', () => {
    expect(parseCli(SPEC, ['--port', '0', '--log'])).toMatchObject({
      kind: 'values',
      values: { port: '0', log: true },
      positionals: [],
    });
  });

  it('answers --help and -h with the usage on stdout and exit code 0, wherever they are', () => {
    for (const argv of [['--help'], ['-h'], ['--port', '1', '--help'], ['--bogus', '--help']]) {
      expect(parseCli(SPEC, argv)).toEqual({
        kind: 'exit',
        code: 0,
        stdout: `${SPEC.usage}\n`,
        stderr: '',
      });
    }
  });

  it('answers an unknown option with one line on stderr and exit code 2, no stack trace', () => {
    const answer = parseCli(SPEC, ['--bogus']);
    expect(answer).toEqual({
      kind: 'exit',
      code: 2,
      stdout: '',
      stderr: 'demo: unknown option --bogus (npm run demo -- --help lists the options)\n',
    });
  });

  it('answers a missing value or a stray argument the same way', () => {
    for (const argv of [['--port'], ['extra'], ['--log=yes']]) {
      const answer = parseCli(SPEC, argv);
      expect(answer).toMatchObject({ kind: 'exit', code: 2, stdout: '' });
      if (answer.kind !== 'exit') throw new Error('expected an exit');
      expect(answer.stderr).toMatch(/^demo: .+ \(npm run demo -- --help lists the options\)\n$/);
      expect(answer.stderr.split('\n')).toHaveLength(2);
    }
  });

  it('takes positionals when the command has them', () => {
    const answer = parseCli({ ...SPEC, allowPositionals: true }, ['check', '--port', '1']);
    expect(answer).toMatchObject({ kind: 'values', positionals: ['check'] });
  });
});
