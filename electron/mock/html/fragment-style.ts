// The style block both fragments start with. Class names are prefixed so they cannot clash with
// the merchant's own page; there is no <script>, ever, in what the mock serves.
export const FRAGMENT_STYLE = `<style>
.svc-fragment{font-family:system-ui,sans-serif;color:#1b1b1f;border:1px solid #c9c9d1;border-radius:8px;padding:12px 16px;max-width:28rem}
.svc-fragment h2{font-size:1.05rem;margin:0 0 8px}
.svc-fragment p,.svc-fragment li{font-size:.95rem;line-height:1.4;margin:4px 0}
.svc-fragment strong{color:#0b3d91}
.svc-fragment a{color:#0b3d91;text-decoration:underline}
</style>`;

/** Headers of an HTML fragment: no scripts, no frames, nothing fetched but inline styles. */
export const FRAGMENT_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *",
  'x-content-type-options': 'nosniff',
} as const;
