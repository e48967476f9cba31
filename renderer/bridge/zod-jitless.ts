// What `zod` means in the renderer's build (renderer/vite.config.ts aliases it here): zod, set
// to its interpreted parser before any schema exists. Zod compiles fast parsers with
// `new Function` when it can, and probes for it as each object schema is made, even when the
// CSP forbids eval (script-src 'self'): the probe fails quietly but is still a CSP violation.
// As every schema module imports this one, the setting runs before the first schema in
// whatever order the page's chunks load. The renderer's schemas are small; the interpreted
// parser is plenty.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
