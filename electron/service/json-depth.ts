// How deep a JSON text nests, found by scanning the text (never by walking a parsed value, which
// is what overflowed the stack: docs/decisions.md "A service answer is bounded in depth (issue 19)"). The
// service's bodies nest three levels at most; a body nested deeper than MAX_JSON_DEPTH is not
// one of its answers, and no recursive code of the app (redaction, JSON.stringify, zod) ever
// sees it.

/** Nesting the client accepts in a service body; every documented body is far below it. */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** True when the brackets of `text` (outside strings) nest deeper than `max`. */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}
