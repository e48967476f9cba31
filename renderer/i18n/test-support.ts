// Every Spanish text, the counter's and the supervisor's screens' together, for tests that read
// the catalogue whole (the app loads the second part with those screens: translate.ts).
import type { MessageKey } from './catalogue';
import { esPE } from './es-pe';
import { supervisorEsPE } from './supervisor-texts';

export const spanishCatalogue: Record<MessageKey, string> = { ...esPE, ...supervisorEsPE };
