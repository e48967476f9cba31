// The service token belongs to the address it was entered for (docs/decisions.md "The token
// follows no address change"): the saved address's origin (scheme, host, port). Moving the saved
// address to another origin, or removing it, clears the token; a token stored before any address
// (first setup) belongs to the first address saved. It is sent nowhere else, not even by
// "Test connection".

/** The origin of a saved or typed base URL (already checked with checkBaseUrl), else null. */
export function originOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether saving `next` as the address takes the token away from the origin it was entered for. */
export function movesOrigin(saved: string | null, next: string | null): boolean {
  return saved !== null && originOf(saved) !== originOf(next);
}
