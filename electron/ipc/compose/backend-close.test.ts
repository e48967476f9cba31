// A backend closes what it opened in one order whether it is closed or fails while opening
// (backend-close.ts): nothing new arrives (store link, till API) before the handlers and the
// journal close, and a failed open still closes everything after a part that would not close.
import { describe, expect, it } from 'vitest';
import { closeParts, inTurn, type OpenedParts, quietly } from './backend-close';

function recordedParts(failing: string | null = null) {
  const closed: string[] = [];
  const part = (name: string) => ({
    close: async () => {
      if (name === failing) throw new Error(`${name} would not close`);
      closed.push(name);
    },
    end: async () => {
      if (name === failing) throw new Error(`${name} would not end`);
      closed.push(name);
    },
  });
  const parts = {
    storeLink: part('storeLink'),
    integration: part('integration'),
    table: part('table'),
    journal: part('journal'),
    storeDb: part('storeDb'),
    headOffice: part('headOffice'),
    trainingApp: part('trainingApp'),
  } as unknown as OpenedParts;
  return { parts, closed };
}

const ORDER = [
  'storeLink',
  'integration',
  'table',
  'journal',
  'storeDb',
  'headOffice',
  'trainingApp',
];

describe('closing a backend', () => {
  it('closes the store link and the till API first, the journal after the handlers', async () => {
    const { parts, closed } = recordedParts();
    await closeParts(parts, inTurn);
    expect(closed).toEqual(ORDER);
  });

  it('stops at the first part that will not close when the backend is closed', async () => {
    const { parts, closed } = recordedParts('table');
    await expect(closeParts(parts, inTurn)).rejects.toThrow('table would not close');
    expect(closed).toEqual(['storeLink', 'integration']);
  });

  it('after a failed open, closes every other part and skips what was not opened', async () => {
    const { parts, closed } = recordedParts('integration');
    parts.table = null;
    parts.headOffice = null;
    parts.trainingApp = null;
    await closeParts(parts, quietly);
    expect(closed).toEqual(['storeLink', 'journal', 'storeDb']);
  });
});
