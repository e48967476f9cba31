// DejaVu Sans (a free licence that allows embedding and redistribution; every Spanish letter and
// the sol sign's letters), embedded in the PDFs from the dejavu-fonts-ttf package.
import { createRequire } from 'node:module';

// The Electron main process is bundled as CommonJS (with `require`); tests and the CLI run as
// ES modules.
const load = typeof require === 'function' ? require : createRequire(import.meta.url);

export const FONT_REGULAR = load.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const FONT_BOLD = load.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
