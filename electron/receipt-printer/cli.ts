// Entry of `npm run receipt` (see receipt-cli.ts).
import { runReceiptCli } from './receipt-cli';

process.exitCode = await runReceiptCli(
  process.argv.slice(2),
  (line) => console.log(line),
  {},
  (line) => console.error(line),
);
