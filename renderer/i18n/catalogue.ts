// The key set of the interface texts is the Spanish catalogue's (es-PE is the default language):
// the counter's texts (es-pe.ts, in the first chunk) and the supervisor's screens' texts
// (supervisor-texts.ts, loaded with those screens). The English one is typed against both, so a
// missing or extra key fails the type check.
import type { esPE } from './es-pe';
import type { supervisorEsPE } from './supervisor-texts';

export type MessageKey = keyof typeof esPE | keyof typeof supervisorEsPE;
