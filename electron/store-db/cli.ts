// `npm run store-db -- <command> --url <url>`: the store technician's tool (docs/store-database.md).
//   migrate --url <owner url>   create or upgrade the schema and the `mostrador_terminal` role
//   check --url <counter url>   what "Probar conexión" checks, printed as JSON
import { parseArgs } from 'node:util';
import { checkStoreDb } from './check-connection';
import { errorText } from './connection';
import { LATEST_VERSION, migrate } from './migrate';

const USAGE = `usage: npm run store-db -- migrate --url postgres://owner:password@host:5432/db
       npm run store-db -- check --url postgres://caja_1:password@host:5432/db`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { url: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
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
