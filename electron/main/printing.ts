// Printing in the desktop app: the renderer's print view of a document is loaded in a hidden,
// equally locked-down window and sent to the printer (the system dialog) or saved as a PDF.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserWindow as BrowserWindowType } from 'electron';
import { APP_ENTRY, secureWebPreferences } from './policies';
import { type PrintLayout, pdfFileName, pdfPageSize, printPageSize } from './print-options';

export type PrintRequest = {
  document: string;
  layout: PrintLayout;
  target: 'printer' | 'pdf';
  route: string;
};

type WindowFactory = new (options: Electron.BrowserWindowConstructorOptions) => BrowserWindowType;

export function createElectronPrinter(deps: {
  BrowserWindow: WindowFactory;
  preloadPath: string;
  printsDir: string;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async function printDocument(
    request: PrintRequest,
  ): Promise<{ handled: true; pdf_path: string | null }> {
    const win = new deps.BrowserWindow({
      show: false,
      webPreferences: secureWebPreferences(deps.preloadPath),
    });
    try {
      await win.loadURL(`${APP_ENTRY}${request.route}`);
      // The print view marks itself ready once its data has arrived over the bridge.
      await win.webContents.executeJavaScript(
        `new Promise((resolve) => { const check = () => document.querySelector('[data-print-ready]') ? resolve(true) : setTimeout(check, 50); check(); })`,
      );
      if (request.target === 'pdf') {
        const pdf = await win.webContents.printToPDF({
          pageSize: pdfPageSize(request.layout),
          printBackground: false,
        });
        await mkdir(deps.printsDir, { recursive: true });
        const path = join(deps.printsDir, pdfFileName(request.document, request.layout, now()));
        await writeFile(path, pdf);
        return { handled: true, pdf_path: path };
      }
      await new Promise<void>((resolve, reject) => {
        win.webContents.print(
          { silent: false, printBackground: false, pageSize: printPageSize(request.layout) },
          (ok, reason) =>
            ok || reason === 'cancelled' ? resolve() : reject(new Error(`print failed: ${reason}`)),
        );
      });
      return { handled: true, pdf_path: null };
    } finally {
      win.destroy();
    }
  };
}
