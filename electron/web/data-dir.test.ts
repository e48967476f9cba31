import { describe, expect, it } from 'vitest';
import { defaultDataDir, resolveDataDir } from './data-dir';

describe('data dir', () => {
  it('follows each OS convention', () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/home/ana' })).toBe(
      '/home/ana/.local/share/mostrador',
    );
    expect(
      defaultDataDir({ platform: 'linux', env: { XDG_DATA_HOME: '/data/xdg' }, home: '/home/ana' }),
    ).toBe('/data/xdg/mostrador');
    // A relative XDG_DATA_HOME is invalid per the spec and ignored.
    expect(
      defaultDataDir({ platform: 'linux', env: { XDG_DATA_HOME: 'rel' }, home: '/home/ana' }),
    ).toBe('/home/ana/.local/share/mostrador');
    expect(defaultDataDir({ platform: 'darwin', env: {}, home: '/Users/ana' })).toBe(
      '/Users/ana/Library/Application Support/Mostrador',
    );
    expect(
      defaultDataDir({
        platform: 'win32',
        env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' },
        home: 'C:\\Users\\ana',
      }),
    ).toBe('C:\\Users\\ana\\AppData\\Roaming\\Mostrador');
  });

  it('prefers --data-dir, then MOSTRADOR_DATA_DIR', () => {
    const context = {
      platform: 'linux' as const,
      env: { MOSTRADOR_DATA_DIR: '/srv/m' },
      home: '/h',
    };
    expect(resolveDataDir('/flag', context)).toBe('/flag');
    expect(resolveDataDir(undefined, context)).toBe('/srv/m');
    expect(resolveDataDir(undefined, { ...context, env: {} })).toBe('/h/.local/share/mostrador');
  });
});
