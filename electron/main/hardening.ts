// Wires the policies to Electron's events for every web contents and session the app creates.
// Takes Electron's objects as parameters so the wiring is tested with fakes (hardening.test.ts).
import { allowNavigation, allowPermission, decideWindowOpen } from './policies';

type NavigationEvent = { preventDefault(): void; url?: string; isMainFrame?: boolean };

export type HardenableContents = {
  getURL(): string;
  on(
    event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate',
    listener: (event: NavigationEvent, url?: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
};

export type HardenableSession = {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
};

export function hardenContents(
  contents: HardenableContents,
  openExternal: (url: string) => Promise<void> | void,
  allowlist?: readonly string[],
): void {
  const guard = (event: NavigationEvent, url?: string) => {
    const target = event.url ?? url ?? '';
    if (!allowNavigation(contents.getURL(), target)) event.preventDefault();
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  // Every frame's navigations: the top frame by the same rule; a sub-frame holds a service
  // fragment written from srcdoc and has nowhere to go (a link in it must not load a page).
  contents.on('will-frame-navigate', (event, url) => {
    if (event.isMainFrame !== false) return guard(event, url);
    if (!isFragmentFrameUrl(event.url ?? url ?? '')) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url, allowlist);
    if (decision.openExternally) void openExternal(url);
    return { action: decision.action };
  });
}

function isFragmentFrameUrl(url: string): boolean {
  return url === 'about:srcdoc' || url === 'about:blank';
}

export function hardenSession(session: HardenableSession): void {
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(allowPermission(permission)),
  );
  session.setPermissionCheckHandler((_contents, permission) => allowPermission(permission));
}
