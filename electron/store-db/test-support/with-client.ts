// One connection for a few statements in a test, closed whatever happens: the owner's checks of
// what a counter wrote, or a hostile login's tries.
import pg from 'pg';

export async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
