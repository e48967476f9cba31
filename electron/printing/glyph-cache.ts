// pdfkit shapes every new word with fontkit's full OpenType layout, which made a 10,000-row table
// (every order id and amount a new word) take seconds. Tables of ids, codes and amounts need no
// ligatures or kerning, so glyphs are laid out once per character and reused: the same glyphs,
// and text that pdftotext reads back letter for letter. Measured in docs/printing.md.

type Run = {
  glyphs: unknown[];
  positions: Array<Record<string, number>>;
  advanceWidth: number;
};
type EmbeddedFont = {
  layoutCached(text: string): Run;
  layout(text: string, features?: unknown, onlyWidth?: boolean): Run;
};
type FontHost = {
  font(name: string): unknown;
  _font?: EmbeddedFont;
};

export function cacheGlyphsByCharacter(doc: PDFKit.PDFDocument, names: readonly string[]) {
  const host = doc as unknown as FontHost;
  for (const name of names) {
    host.font(name);
    const font = host._font;
    if (!font || typeof font.layoutCached !== 'function') {
      // A pdfkit without this internal: keep its own (slower) layout rather than fail.
      continue;
    }
    const byChar = font.layoutCached.bind(font);
    const ownLayout = font.layout.bind(font);
    font.layout = (text, features, onlyWidth) => {
      if (features) return ownLayout(text, features, onlyWidth);
      const glyphs: unknown[] = [];
      const positions: Array<Record<string, number>> = [];
      let advanceWidth = 0;
      for (const char of text) {
        const run = byChar(char);
        advanceWidth += run.advanceWidth;
        if (onlyWidth) continue;
        glyphs.push(...run.glyphs);
        // pdfkit may adjust positions in place (justified text): each use gets its own copy.
        for (const position of run.positions) positions.push({ ...position });
      }
      return { glyphs: onlyWidth ? [] : glyphs, positions, advanceWidth };
    };
  }
}
