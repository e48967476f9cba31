// The key set of the interface texts is the Spanish catalogue's (es-PE is the default language);
// the English one is typed against it, so a missing or extra key fails the type check.
import type { esPE } from './es-pe';

export type MessageKey = keyof typeof esPE;
