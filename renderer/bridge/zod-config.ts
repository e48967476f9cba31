// Zod compiles fast parsers with `new Function` when it can, and probes for it even when the
// CSP forbids eval (script-src 'self'): the probe fails quietly but is still a CSP violation.
// The renderer's schemas are small; the interpreted parser is plenty and never asks for eval.
import { z } from 'zod';

z.config({ jitless: true });
