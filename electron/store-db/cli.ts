// `npm run store-db -- <command> --url <url>`: the store technician's tool (docs/store-database.md).
//   migrate --url <owner url>   create or upgrade the schema and the `mostrador_terminal` role
//   check --url <counter url>   what "Probar conexión" checks, printed as JSON
//   terminals --url <owner url> the counters and their keys: registered when and by whom, alarms
//   retire --url <owner url> --terminal <id>   the counter's key signs nothing more
//   add-login --url <owner url> --login <name> (--store <id>… | --chain | --head-office)
//   bind-login --url <owner url> --login <name> --store <id>
//   enroll --url <owner url> --store <id> [--terminal <id>] [--hours N] [--note text]
//   store --url <owner url> --store <id> [--name text] [--region text]
//   retention --url <owner url> [--days N]
//   forget --url <owner url> (--before YYYY-MM-DD [--store <id>] | --dni <dni> | --ruc <ruc>)
import { parseCli } from '../cli/parse-cli';
import { checkStoreDb } from './check-connection';
import { connectStoreDb, errorText } from './connection';
import { addLogin, bindLogin, type LoginKind, makeEnrollment, nameStore } from './logins-admin';
import { LATEST_VERSION, migrate } from './migrate';
import { forgetBefore, forgetIdentity, retentionDays } from './personal-data';
import { listTerminals, retireTerminal } from './terminals-admin';

const USAGE = `usage: npm run store-db -- migrate --url postgres://owner:password@host:5432/db
       npm run store-db -- check --url postgres://caja_1:password@host:5432/db
       npm run store-db -- terminals --url postgres://owner:password@host:5432/db
       npm run store-db -- retire --url postgres://owner:password@host:5432/db --terminal CAJA0007
       npm run store-db -- add-login --url postgres://owner:… --login tienda_centro --store <client id> [--pooler]
       npm run store-db -- add-login --url postgres://owner:… --login cadena --chain --pooler
       npm run store-db -- add-login --url postgres://owner:… --login oficina --head-office
       npm run store-db -- bind-login --url postgres://owner:… --login caja_1 --store <client id>
       npm run store-db -- enroll --url postgres://owner:… --store <client id> [--terminal ABC123]
       npm run store-db -- store --url postgres://owner:… --store <client id> --name 'Lima Centro' --region Lima
       npm run store-db -- retention --url postgres://owner:… [--days 90]
       npm run store-db -- forget --url postgres://owner:… --before 2026-01-01 [--store <client id>]
       npm run store-db -- forget --url postgres://owner:… --dni 41000678
  migrate     create or upgrade the schema and the mostrador_terminal role (the owner's URL)
  check       what "Probar conexión" checks, printed as JSON (a counter's URL)
  terminals   the counters and their keys: store, enrolled when and by whom, standing, alarms
  retire      the counter's key signs nothing more; its lines stay (the owner's URL)
  add-login   a login with a generated password (shown once) and its limits, bound to its
              store (--store, repeat for more), or the chain's pooler login (--chain), or
              head office's read-only login (--head-office); prints the counter's URL
  bind-login  binds a login made before to a store (migrate lists those it could not bind)
  enroll      a one-time code (valid --hours, 8 by default, at most 72) a supervisor types at a
              new counter (Configuración → Tienda) to join it to --store; with --terminal, the
              code re-enrolls that counter (a lost key, a counter moved to this store)
  store       names a store and its region, as head office shows them (docs/head-office.md)
  retention   how many days a customer's DNI is kept whole (--days N sets it: 7 to 3650;
              90 by default); each store close masks its days past it (docs/personal-data.md)
  forget      --before DAY: masks every customer of the operations that began before DAY, in
              every store (or --store), and their closes: a cron line for a store that never
              closes; --dni/--ruc: erases that customer everywhere (every store, every close,
              each counter told), recorded without whose
  --url       the database (default: MOSTRADOR_STORE_DB_URL)
  --terminal  the counter to retire or re-enroll
  --store     the store: its client id (pos_client_id)
  --login     the login to make or bind (a-z, 0-9, _)
  --pooler    also print the login's line for PgBouncer's userlist.txt
  --connections  how many connections the login may hold (default: 10 a store's, 20 the chain's)
  --name, --region  a store's name and region (store)
  -h, --help  this text`;

async function main(argv: string[]): Promise<number> {
  const parsed = parseCli(
    {
      name: 'store-db',
      usage: USAGE,
      options: {
        url: { type: 'string' },
        terminal: { type: 'string' },
        store: { type: 'string', multiple: true },
        login: { type: 'string' },
        chain: { type: 'boolean' },
        'head-office': { type: 'boolean' },
        pooler: { type: 'boolean' },
        connections: { type: 'string' },
        hours: { type: 'string' },
        note: { type: 'string' },
        name: { type: 'string' },
        region: { type: 'string' },
        days: { type: 'string' },
        before: { type: 'string' },
        dni: { type: 'string' },
        ruc: { type: 'string' },
      },
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
  if (
    command === 'add-login' ||
    command === 'bind-login' ||
    command === 'enroll' ||
    command === 'store'
  ) {
    return ownerCommand(command, url, values);
  }
  if (command === 'retention' || command === 'forget') {
    return personalDataCommand(command, url, values);
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

type Values = {
  terminal?: string | undefined;
  store?: string[] | undefined;
  login?: string | undefined;
  chain?: boolean | undefined;
  'head-office'?: boolean | undefined;
  pooler?: boolean | undefined;
  connections?: string | undefined;
  hours?: string | undefined;
  note?: string | undefined;
  name?: string | undefined;
  region?: string | undefined;
  days?: string | undefined;
  before?: string | undefined;
  dni?: string | undefined;
  ruc?: string | undefined;
};

/** retention, forget: the owner's commands on customers' personal data (migration 0115). */
async function personalDataCommand(command: string, url: string, values: Values): Promise<number> {
  const identities = [values.dni, values.ruc].filter((v) => v !== undefined);
  if (
    (command === 'forget' && (values.before === undefined) === (identities.length === 0)) ||
    identities.length > 1
  ) {
    console.error('forget needs one of --before YYYY-MM-DD, --dni, --ruc');
    return 2;
  }
  if (values.before !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.before)) {
    console.error('--before is a day, YYYY-MM-DD');
    return 2;
  }
  const days = values.days === undefined ? null : Number(values.days);
  if (days !== null && !(Number.isInteger(days) && days >= 7 && days <= 3650)) {
    console.error('--days is 7 to 3650');
    return 2;
  }
  const client = await connectStoreDb(
    url,
    { connectTimeoutMs: 5_000, statementTimeoutMs: 0 },
    'mostrador-admin',
  );
  try {
    if (command === 'retention') {
      const kept = await retentionDays(client, days);
      console.log(JSON.stringify({ retention_days: kept }, null, 2));
      return 0;
    }
    if (values.before !== undefined) {
      const stores = await forgetBefore(client, values.before, values.store?.[0] ?? null);
      console.log(JSON.stringify({ before: values.before, stores }, null, 2));
      return 0;
    }
    const kind = values.dni !== undefined ? 'dni' : 'ruc';
    const erased = await forgetIdentity(client, kind, values.dni ?? values.ruc ?? '');
    console.log(
      JSON.stringify(
        {
          ...erased,
          // What the software cannot reach: said every time (docs/personal-data.md).
          not_reached:
            'paper already printed (closes, day summaries, receipts), files exported (CSV, PDF), backups of the database, and the financing service itself',
        },
        null,
        2,
      ),
    );
    return 0;
  } catch (error) {
    console.error(`${command} failed: ${errorText(error)}`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** add-login, bind-login, enroll: the owner's commands on logins and counters. */
async function ownerCommand(command: string, url: string, values: Values): Promise<number> {
  const stores = values.store ?? [];
  const kinds = [stores.length > 0, values.chain === true, values['head-office'] === true];
  if (command === 'add-login' && (!values.login || kinds.filter(Boolean).length !== 1)) {
    console.error('add-login needs --login and one of --store, --chain, --head-office');
    return 2;
  }
  if (command === 'bind-login' && (!values.login || stores.length !== 1)) {
    console.error('bind-login needs --login and one --store');
    return 2;
  }
  if ((command === 'enroll' || command === 'store') && stores.length !== 1) {
    console.error(`${command} needs one --store`);
    return 2;
  }
  const client = await connectStoreDb(url, undefined, 'mostrador-admin');
  try {
    if (command === 'enroll') {
      const made = await makeEnrollment(client, stores[0] ?? '', {
        terminalId: values.terminal,
        hours: values.hours === undefined ? 8 : Number(values.hours),
        note: values.note,
      });
      console.log(
        JSON.stringify(
          {
            store: stores[0],
            terminal: values.terminal ?? null,
            code: made.code,
            expires_at: made.expires_at,
          },
          null,
          2,
        ),
      );
      return 0;
    }
    if (command === 'store') {
      await nameStore(client, stores[0] ?? '', values.name ?? null, values.region ?? null);
      console.log(`store ${stores[0]} named`);
      return 0;
    }
    const login = values.login ?? '';
    if (command === 'bind-login') {
      await bindLogin(client, login, stores[0] ?? '');
      console.log(`login ${login} bound to store ${stores[0]}`);
      return 0;
    }
    const what: LoginKind = values.chain
      ? { kind: 'chain' }
      : values['head-office']
        ? { kind: 'head-office' }
        : { kind: 'store', stores };
    const made = await addLogin(
      client,
      login,
      what,
      values.connections === undefined ? undefined : Number(values.connections),
    );
    const owner = new URL(url);
    const counterUrl = new URL(url);
    counterUrl.username = encodeURIComponent(made.login);
    counterUrl.password = encodeURIComponent(made.password);
    console.log(
      JSON.stringify(
        {
          login: made.login,
          kind: what.kind,
          stores: what.kind === 'store' ? what.stores : null,
          connection_limit: made.connections,
          // Shown once: the server keeps only its SCRAM secret.
          password: made.password,
          url: counterUrl.toString(),
          ...(values.pooler ? { userlist_line: made.userlist } : {}),
          note: `the owner was ${decodeURIComponent(owner.username)}; through PgBouncer, use its host and port in the URL`,
        },
        null,
        2,
      ),
    );
    return 0;
  } catch (error) {
    console.error(`${command} failed: ${errorText(error)}`);
    return 1;
  } finally {
    await client.end().catch(() => undefined);
  }
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
