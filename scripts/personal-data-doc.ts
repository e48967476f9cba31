// Writes docs/personal-data.md's inventory table from shared/personal-data/inventory.ts (between
// its markers): `npx tsx scripts/personal-data-doc.ts`. shared/personal-data/inventory.test.ts
// fails while the two disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PERSONAL_DATA_INVENTORY } from '../shared/personal-data/inventory';
import { inventoryTable, TABLE_END, TABLE_START } from '../shared/personal-data/inventory-table';

const path = fileURLToPath(new URL('../docs/personal-data.md', import.meta.url));
const doc = readFileSync(path, 'utf8');
const start = doc.indexOf(TABLE_START);
const end = doc.indexOf(TABLE_END);
if (start === -1 || end === -1) throw new Error(`${path} has no inventory markers`);
writeFileSync(
  path,
  doc.slice(0, start) + inventoryTable(PERSONAL_DATA_INVENTORY) + doc.slice(end + TABLE_END.length),
);
console.log(`${path} written`);
