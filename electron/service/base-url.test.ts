import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from './base-url';

describe('checkBaseUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com/v1/', 'https://api.example.com/v1'],
    ['HTTPS://API.EXAMPLE.COM:8443', 'https://api.example.com:8443'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://127.255.255.254', 'http://127.255.255.254'],
    ['http://localhost:4010/', 'http://localhost:4010'],
    ['http://LOCALHOST', 'http://localhost'],
    ['http://[::1]:4010', 'http://[::1]:4010'],
    ['http://[0:0:0:0:0:0:0:1]', 'http://[::1]'],
    // Every URL parser (fetch's included) reads these as 127.0.0.1, so they are loopback;
    // the normalized form is what the client then uses.
    ['http://0x7f000001', 'http://127.0.0.1'],
    ['http://2130706433:4010', 'http://127.0.0.1:4010'],
    ['http://127.1', 'http://127.0.0.1'],
  ])('accepts %s as %s', (input, baseUrl) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, baseUrl });
  });

  it.each([
    ['http://api.example.com', 'plain-http-not-loopback'],
    ['http://127.0.0.1.evil.com', 'plain-http-not-loopback'],
    ['http://localhost.evil.com', 'plain-http-not-loopback'],
    ['http://evil.localhost', 'plain-http-not-loopback'],
    ['http://localhost.', 'plain-http-not-loopback'],
    ['http://128.0.0.1', 'plain-http-not-loopback'],
    ['http://0.0.0.0:4010', 'plain-http-not-loopback'],
    ['http://10.0.0.5', 'plain-http-not-loopback'],
    ['http://[::ffff:127.0.0.1]', 'plain-http-not-loopback'],
    ['http://[::2]', 'plain-http-not-loopback'],
    ['http://0x80000001', 'plain-http-not-loopback'],
    ['ftp://127.0.0.1/', 'scheme'],
    ['ftp://files.example.com/', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['ws://localhost:4010', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:pw@api.example.com', 'credentials'],
    ['https://user@api.example.com', 'credentials'],
    ['http://user:pw@127.0.0.1:4010', 'credentials'],
    ['https://api.example.com/?x=1', 'query-or-fragment'],
    ['https://api.example.com/#top', 'query-or-fragment'],
    ['https://api.example.com/?', 'query-or-fragment'],
    ['', 'not-a-url'],
    ['api.example.com', 'not-a-url'],
    ['https://', 'not-a-url'],
    ['http://[::1', 'not-a-url'],
  ])('refuses %s (%s)', (input, problem) => {
    expect(checkBaseUrl(input)).toEqual({ ok: false, problem });
  });
});
