// Imported first by the long-running entries (`npm run mock`, the sandbox bundle, `npm run web`
// and the Electron main process), before anything else allocates: V8 then grows its heap for
// memory rather than for speed. Without it a mock holding 100,000 fundings peaked 57 MB above idle, with it
// 34–37 MB, and browser mode's 200-sale shift 46 → 30 MB (docs/decisions.md "Memory"). The
// Electron main process runs the same backend as browser mode's host, so it takes the same flag
// (measured on browser mode only: the Electron runtime cannot be downloaded where this was built).
// Set at run time because integrators start the sandbox bundle with a plain `node file`; of
// V8's memory flags only this one still acts when set after start (the young generation's
// size, --max-semi-space-size, is fixed when the heap is made, and NODE_OPTIONS refuses this).
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--optimize-for-size');
