// `npm run store-db -- <command> --url <url>`: the store technician's tool (docs/store-database.md).
//   migrate --url <owner url>   create or upgrade the schema and the `mostrador_terminal` role
//   check --url <counter url>   what "Probar conexión" checks, printed as JSON
//   terminals --url <owner url> the counters and their keys: registered when and by whom, alarms
//   retire --url <owner url> --terminal <id>   the counter's key signs nothing more
import { parseArgs } from 'node:util';
import { checkStoreDb } from './check-connection';
import { connectStoreDb, errorText } from './connection';
import { LATEST_VERSION, migrate } from './migrate';
import { listTerminals, retireTerminal } from './terminals-admin';

const USAGE = `usage: npm run store-db -- migrate --url postgres://owner:password@host:5432/db
       npm run store-db -- check --url postgres://caja_1:password@host:5432/db
       npm run store-db -- terminals --url postgres://owner:password@host:5432/db
       npm run store-db -- retire --url postgres://owner:password@host:5432/db --terminal CAJA0007`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      terminal: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  const url = values.url ?? process.env.MOSTRADOR_STORE_DB_URL;
  if (values.help || !command || !url) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (command === 'migrate') {
    try {
      const { applied, version } = await migrate(url);
      console.log(
        applied.length
          ? `store database migrated to version ${version} (applied ${applied.join(', ')})`
          : `store database already at version ${version} (this app needs ${LATEST_VERSION})`,
      );
      return 0;
    } catch (error) {
      console.error(`migrate failed: ${errorText(error)}`);
      return 1;
    }
  }
  if (command === 'check') {
    const result = await checkStoreDb(url);
    console.log(JSON.stringify(result, null, 2));
    return result.ok ? 0 : 1;
  }
  if (command === 'terminals' || command === 'retire') {
    const client = await connectStoreDb(url, undefined, 'mostrador-admin');
    try {
      if (command === 'terminals') {
        console.log(JSON.stringify(await listTerminals(client), null, 2));
        return 0;
      }
      if (!values.terminal) {
        console.error(USAGE);
        return 2;
      }
      if (!(await retireTerminal(client, values.terminal))) {
        console.error(`no counter ${values.terminal} is registered`);
        return 1;
      }
      console.log(`counter ${values.terminal} retired: its key signs nothing more`);
      return 0;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(errorText(error));
    process.exitCode = 1;
  },
);
