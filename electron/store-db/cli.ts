// `npm run store-db -- <command> --url <url>`: the store technician's tool (docs/store-database.md).
//   migrate --url <owner url>   create or upgrade the schema and the `mostrador_terminal` role
//   check --url <counter url>   what "Probar conexión" checks, printed as JSON
import { parseCli } from '../cli/parse-cli';
import { checkStoreDb } from './check-connection';
import { errorText } from './connection';
import { LATEST_VERSION, migrate } from './migrate';

const USAGE = `usage: npm run store-db -- migrate --url postgres://owner:password@host:5432/db
       npm run store-db -- check --url postgres://caja_1:password@host:5432/db
  migrate   create or upgrade the schema and the mostrador_terminal role (the owner's URL)
  check     what "Probar conexión" checks, printed as JSON (a counter's URL)
  --url     the database (default: MOSTRADOR_STORE_DB_URL)
  -h, --help  this text`;

async function main(argv: string[]): Promise<number> {
  const parsed = parseCli(
    {
      name: 'store-db',
      usage: USAGE,
      options: { url: { type: 'string' } },
      allowPositionals: true,
    },
    argv,
  );
  if (parsed.kind === 'exit') {
    process.stdout.write(parsed.stdout);
    process.stderr.write(parsed.stderr);
    return parsed.code;
  }
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
