// Every value put into the HTML fragments goes through here: the fragments are embedded in
// merchants' pages, so a client id, an amount or a URL must never become markup.
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => ENTITIES[char] ?? char);
}
