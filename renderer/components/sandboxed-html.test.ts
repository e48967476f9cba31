import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SandboxedHtml } from './sandboxed-html';

describe('SandboxedHtml', () => {
  it('renders an iframe whose sandbox attribute is present and empty (no allow-scripts)', () => {
    const html = renderToStaticMarkup(
      createElement(SandboxedHtml, {
        title: 'Financiamiento',
        html: '<style>p{color:red}</style><p>Hola</p><script>parent.mostrador</script>',
      }),
    );
    expect(html).toMatch(/<iframe[^>]*\ssandbox=""/);
    expect(html).not.toMatch(/allow-/);
    // The fragment is data in srcdoc, escaped, never markup of the app's own page.
    expect(html).toContain('srcDoc="&lt;style&gt;');
    expect(html).not.toContain('<script>');
  });
});
