// What a service token may be: what an HTTP header can carry without escaping. One rule for the
// vault that stores it and the settings form that takes it, so the form never says "Correcto" to
// a token the vault then refuses (docs/decisions.md "Security").

export const MAX_TOKEN_LENGTH = 4096;

/** Visible ASCII, no spaces. */
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

/**
 * What is wrong with a token as typed, after trimming (pasted tokens carry a newline): `empty`,
 * `too-long`, or `characters` (a space inside, an accent, a control character); null when none.
 */
export function serviceTokenProblem(typed: string): 'empty' | 'too-long' | 'characters' | null {
  const text = typed.trim();
  if (text.length === 0) return 'empty';
  if (text.length > MAX_TOKEN_LENGTH) return 'too-long';
  return TOKEN_CHARS.test(text) ? null : 'characters';
}
