// The README's rehearsal of the store close works as written (issue 35 item 14): live mode is
// refused without the service token (electron/ipc/handlers/settings-handlers.test.ts, "missing:
// service-token"), so the step that sets up each counter gives the token before live mode.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';

it("README's store close rehearsal saves the token before it sets live mode", async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf("### Rehearsing the store's day close");
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  expect(start).toBeGreaterThan(0);
  const token = section.indexOf('**Token del servicio**');
  const live = section.indexOf('**live** mode');
  expect(token).toBeGreaterThan(0);
  expect(live).toBeGreaterThan(0);
  expect(token).toBeLessThan(live);
});
