// The Electron glue, tested with fakes that record what the app registers and let the test fire
// the events a hostile page would cause.

import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createFragmentStore } from '../ipc/handlers/fragment-store';
import { createAppRequestHandler } from './app-protocol';
import { hardenContents, hardenSession } from './hardening';
import { createInvokeListener } from './ipc-bridge';
import { APP_ENTRY } from './policies';

function fakeContents(url = `${APP_ENTRY}#/sale`) {
  const listeners = new Map<string, (...args: never[]) => void>();
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | null = null;
  return {
    getURL: () => url,
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, listener);
      return this;
    },
    setWindowOpenHandler(handler: (d: { url: string }) => { action: 'deny' }) {
      openHandler = handler;
    },
    fire(event: string, payload: { url?: string }) {
      const prevented = { value: false };
      const listener = listeners.get(event) as ((e: unknown, url?: string) => void) | undefined;
      listener?.({ ...payload, preventDefault: () => (prevented.value = true) }, payload.url);
      return prevented.value;
    },
    open: (target: string) => openHandler?.({ url: target }),
  };
}

describe('web contents hardening', () => {
  it('refuses navigation away from the app and allows hash routes', () => {
    const contents = fakeContents();
    hardenContents(contents, vi.fn());
    expect(contents.fire('will-navigate', { url: 'https://evil.example/' })).toBe(true);
    expect(contents.fire('will-redirect', { url: 'file:///etc/passwd' })).toBe(true);
    expect(contents.fire('will-navigate', { url: `${APP_ENTRY}#/summary` })).toBe(false);
  });
  it('registers will-frame-navigate: the top frame stays in the app, sub-frames stay put', () => {
    const contents = fakeContents();
    hardenContents(contents, vi.fn());
    const frame = (payload: { url: string; isMainFrame: boolean }) =>
      contents.fire('will-frame-navigate', payload);
    expect(frame({ url: 'https://evil.example/', isMainFrame: true })).toBe(true);
    expect(frame({ url: `${APP_ENTRY}#/summary`, isMainFrame: true })).toBe(false);
    // A service fragment's frame is written from srcdoc and may go nowhere else.
    expect(frame({ url: 'about:srcdoc', isMainFrame: false })).toBe(false);
    expect(frame({ url: 'https://evil.example/phish', isMainFrame: false })).toBe(true);
    expect(frame({ url: `${APP_ENTRY}#/settings`, isMainFrame: false })).toBe(true);
  });
  it('refuses every webview', () => {
    const contents = fakeContents();
    hardenContents(contents, vi.fn());
    expect(contents.fire('will-attach-webview', {})).toBe(true);
  });
  it('denies window.open and sends only allowlisted https links to the system browser', () => {
    const contents = fakeContents();
    const openExternal = vi.fn();
    hardenContents(contents, openExternal, ['service.example']);
    expect(contents.open('https://service.example/cronograma')).toEqual({ action: 'deny' });
    expect(contents.open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(contents.open('http://service.example/')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://service.example/cronograma']]);
  });
});

describe('session hardening', () => {
  it('denies every permission request and check', () => {
    const handlers: {
      request?: (c: unknown, p: string, cb: (g: boolean) => void) => void;
      check?: (c: unknown, p: string) => boolean;
    } = {};
    hardenSession({
      setPermissionRequestHandler: (h) => {
        handlers.request = h;
      },
      setPermissionCheckHandler: (h) => {
        handlers.check = h;
      },
    });
    const granted: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications']) {
      handlers.request?.(null, permission, (g) => granted.push(g));
      granted.push(handlers.check?.(null, permission) ?? true);
    }
    expect(granted).toEqual([false, false, false, false, false, false]);
  });
});

describe('IPC sender check', () => {
  const mainFrame = { url: `${APP_ENTRY}#/sale`, parent: null, frameTreeNodeId: 1 };
  it('dispatches calls from the app’s own top frame', async () => {
    const dispatch = vi.fn(async () => ({ ok: true as const, result: 'x' }));
    const listener = createInvokeListener(dispatch);
    const answer = await listener(
      { senderFrame: mainFrame, sender: { mainFrame } },
      'app.info',
      {},
    );
    expect(answer).toEqual({ ok: true, result: 'x' });
    expect(dispatch).toHaveBeenCalledWith('app.info', {});
  });
  it('takes the top frame by what it is, not by object identity', async () => {
    const dispatch = vi.fn(async () => ({ ok: true as const, result: 'x' }));
    const listener = createInvokeListener(dispatch);
    // Electron may hand out another wrapper object for the same top frame.
    const sameFrameOtherObject = { ...mainFrame };
    const answer = await listener(
      { senderFrame: sameFrameOtherObject, sender: { mainFrame } },
      'app.info',
      {},
    );
    expect(answer).toEqual({ ok: true, result: 'x' });
  });
  it('refuses a frame that has a parent even when it passes for the main frame', async () => {
    const dispatch = vi.fn();
    const listener = createInvokeListener(dispatch);
    const child = { url: `${APP_ENTRY}#/sale`, parent: mainFrame, frameTreeNodeId: 1 };
    const answer = await listener({ senderFrame: child, sender: { mainFrame: child } }, 'x', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatch).not.toHaveBeenCalled();
  });
  it.each([
    [
      'a sub-frame of the app',
      { url: 'about:srcdoc', parent: mainFrame, frameTreeNodeId: 2 },
      mainFrame,
    ],
    [
      'a sub-frame with the app URL',
      { url: `${APP_ENTRY}#/sale`, parent: mainFrame, frameTreeNodeId: 2 },
      mainFrame,
    ],
    [
      'a foreign top frame',
      { url: 'https://evil.example/', parent: null, frameTreeNodeId: 1 },
      { url: 'https://evil.example/', parent: null, frameTreeNodeId: 1 },
    ],
    [
      'another window’s top frame',
      { url: `${APP_ENTRY}#/sale`, parent: null, frameTreeNodeId: 7 },
      mainFrame,
    ],
    ['no frame (destroyed)', null, mainFrame],
  ])('refuses %s without dispatching', async (_name, senderFrame, top) => {
    const dispatch = vi.fn();
    const listener = createInvokeListener(dispatch);
    const answer = await listener({ senderFrame, sender: { mainFrame: top } }, 'token.status', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('app:// protocol', () => {
  it('serves the renderer’s files with the CSP and nothing outside its folder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'mostrador-app-'));
    await mkdir(join(root, 'assets'));
    await writeFile(join(root, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(join(root, 'assets', 'a.js'), 'export {}');
    await writeFile(join(root, '..', 'outside-secret.txt'), 'secret').catch(() => undefined);
    const handle = createAppRequestHandler(root, sep);
    const index = await handle({ url: 'app://mostrador/' });
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(
      (await handle({ url: 'app://mostrador/assets/a.js' })).headers.get('content-type'),
    ).toContain('javascript');
    expect(
      (await handle({ url: 'app://mostrador/assets/..%2f..%2foutside-secret.txt' })).status,
    ).toBe(404);
    expect((await handle({ url: 'app://mostrador/missing.js' })).status).toBe(404);
  });

  it('serves a kept service fragment under its own policy, and no other', async () => {
    const store = createFragmentStore();
    const path = store.put('<style>p{color:red}</style><p>x</p>');
    const handle = createAppRequestHandler(tmpdir(), sep, () => store);
    const page = await handle({ url: `app://mostrador/${path}` });
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<style>p{color:red}</style><p>x</p>');
    expect(page.headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'");
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect((await handle({ url: `app://mostrador/fragment/${'a'.repeat(32)}` })).status).toBe(404);
  });
});
