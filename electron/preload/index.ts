// The only thing the renderer gets from the main process: `window.mostrador.invoke(method, args)`,
// carrying the bridge contract to the handlers, and nothing else (no ipcRenderer, no Node).
import { contextBridge, ipcRenderer } from 'electron';
import { INVOKE_CHANNEL, NAVIGATE_CHANNEL } from './channels';

contextBridge.exposeInMainWorld('mostrador', {
  shell: 'electron',
  invoke: (method: string, args: unknown): Promise<unknown> =>
    ipcRenderer.invoke(INVOKE_CHANNEL, method, args),
});

// The page's location, typed here because the preload compiles with the main process's types.
const page = globalThis as unknown as { location: { hash: string } };

// Menu shortcuts move between screens by hash route; the renderer's router follows the hash.
ipcRenderer.on(NAVIGATE_CHANNEL, (_event, route: unknown) => {
  if (typeof route === 'string' && /^#\/[a-z-]+$/.test(route)) page.location.hash = route;
});
