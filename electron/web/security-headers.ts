// Headers sent with every answer of the loopback server. The CSP matches the renderer's own:
// no inline script or style, frames only for the sandboxed HTML fragments (blob:/data:), and no
// framing of the app itself.

import { CONTENT_SECURITY_POLICY } from '../main/policies';

// One policy for both shells (the app:// protocol and this server), written once in
// electron/main/policies.ts, which is pure and imports nothing from Electron.
export { CONTENT_SECURITY_POLICY };

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()',
};
