import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['"><img src=x onerror=alert(1)>', '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;'],
    ["' onmouseover='alert(1)", '&#39; onmouseover=&#39;alert(1)'],
    ['`backtick`', '&#96;backtick&#96;'],
    ['&lt;already&gt;', '&amp;lt;already&amp;gt;'],
    ['</style><script>x</script>', '&lt;/style&gt;&lt;script&gt;x&lt;/script&gt;'],
  ])('escapes %s', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it('leaves ordinary text, accents and the no-break space alone', () => {
    expect(escapeHtml('S/\u00a01,500.00 — Cómo funciona')).toBe('S/\u00a01,500.00 — Cómo funciona');
  });

  it('leaves no markup character in any input', () => {
    const hostile = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
    expect(escapeHtml(hostile)).not.toMatch(/[<>"'`]/);
  });
});
