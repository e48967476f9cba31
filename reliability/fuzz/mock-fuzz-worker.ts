// One shard of the mock endpoint fuzzing, as a process: `node <bundle> --shard i --of n --seed s
// --cases c` prints one JSON line with the results of its endpoints.
import { shardArgs } from '../support/run-shards';
import { fuzzMockShard } from './mock-fuzz';

const results = await fuzzMockShard(shardArgs(process.argv.slice(2)));
process.stdout.write(`${JSON.stringify(results)}\n`);
