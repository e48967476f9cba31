// The receipt printer's character set: code page 850 (Multilingual Latin 1), which every ESC/POS
// printer we target has and which holds the Spanish letters (á é í ó ú ü ñ Ñ ¿ ¡). The text
// layout keeps to it, so the preview shows exactly what the paper gets: a character the code
// page lacks is shown and printed as its nearest form, or `?`.

/** Bytes 0x80–0xFF of code page 850, in order. */
export const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

const HIGH = new Set(CP850_HIGH);

/** Typography the service or Intl may produce, in the plain form the code page has. */
const NEAREST: Record<string, string> = {
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '–': '-',
  '—': '-',
  '‑': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '€': 'EUR',
};

export function printable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    const near = NEAREST[char];
    if (near !== undefined) out += near;
    else if ((code >= 0x20 && code < 0x7f) || HIGH.has(char)) out += char;
    else out += '?';
  }
  return out;
}
