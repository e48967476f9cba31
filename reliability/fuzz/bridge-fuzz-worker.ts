// One shard of the bridge fuzzing, as a process: `node <bundle> --shard i --of n --seed s
// --cases c` prints one JSON line with the results of its targets.
import { shardArgs } from '../support/run-shards';
import { fuzzBridgeShard } from './bridge-fuzz';

const results = await fuzzBridgeShard(shardArgs(process.argv.slice(2)));
process.stdout.write(`${JSON.stringify(results)}\n`);
