// Browser mode's public surface.
export {
  type BrowserMode,
  type BrowserModeOptions,
  DEFAULT_RENDERER_DIR,
  startBrowserMode,
} from './browser-mode';
export { defaultDataDir, resolveDataDir } from './data-dir';
export { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security-headers';
export { createWebServer, type WebServer, type WebServerOptions } from './web-server';
