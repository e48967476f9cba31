import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measurePooledChain, type StoreDbPlan } from './store-db';

const plan = {
  pooledCounters: Number(process.env.N ?? 1000),
  pooledStores: 100,
  pooledProcesses: 4,
  pooledSeconds: 30,
  pooledServerConnections: 15,
  pooledFloorSeconds: 10,
} as StoreDbPlan;
const root = await mkdtemp(join(tmpdir(), 'exp-'));
const r = await measurePooledChain(plan, root, { kind: 'chain' });
console.log(JSON.stringify(r, null, 1));
process.exit(0);
