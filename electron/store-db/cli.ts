// `npm run store-db -- <command> --url <url>`: the store technician's tool (docs/store-database.md).
//   migrate --url <owner url>   create or upgrade the schema and the `mostrador_terminal` role
//   check --url <counter url>   what "Probar conexión" checks, printed as JSON
//   terminals --url <owner url> the counters and their keys: registered when and by whom, alarms
//   retire --url <owner url> --terminal <id>   the counter's key signs nothing more
import { parseCli } from '../cli/parse-cli';
import { checkStoreDb } from './check-connection';
import { connectStoreDb, errorText } from './connection';
import { LATEST_VERSION, migrate } from './migrate';
import { listTerminals, retireTerminal } from './terminals-admin';

const USAGE = `usage: npm run store-db -- migrate --url postgres://owner:password@host:5432/db
       npm run store-db -- check --url postgres://caja_1:password@host:5432/db
       npm run store-db -- terminals --url postgres://owner:password@host:5432/db
       npm run store-db -- retire --url postgres://owner:password@host:5432/db --terminal CAJA0007
  migrate     create or upgrade the schema and the mostrador_terminal role (the owner's URL)
  check       what "Probar conexión" checks, printed as JSON (a counter's URL)
  terminals   the counters and their keys: registered when and by which login, standing, alarms
  retire      the counter's key signs nothing more; its lines stay (the owner's URL)
  --url       the database (default: MOSTRADOR_STORE_DB_URL)
  --terminal  the counter to retire
  -h, --help  this text`;

async function main(argv: string[]): Promise<number> {
  const parsed = parseCli(
    {
      name: 'store-db',
      usage: USAGE,
      options: { url: { type: 'string' }, terminal: { type: 'string' } },
      allowPositionals: true,
    },
    argv,
  );
  if (parsed.kind === 'exit') {
    process.stdout.write(parsed.stdout);
    process.stderr.write(parsed.stderr);
    return parsed.code;
  }
  const values = parsed.values;
  const [command] = parsed.positionals;
  const url = parsed.values.url || process.env.MOSTRADOR_STORE_DB_URL;
  if (!command || !url) {
    console.error(USAGE);
    return 2;
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
