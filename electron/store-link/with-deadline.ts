// The link's one way to wait: every call it makes to the store database is bounded, so no step of
// a sale (nor "Probar conexión", the enrollment or a customer's erasure) waits without a deadline
// (docs/store-database.md).

export type Deadlined<T> =
  | { ok: true; value: T }
  | { ok: false; timedOut: true }
  | { ok: false; timedOut: false; error: unknown };

/** Runs `task` for at most `ms`: past it the answer is "timed out" whatever the task does. */
export async function withDeadline<T>(ms: number, task: () => Promise<T>): Promise<Deadlined<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<Deadlined<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, timedOut: true }), ms);
  });
  const work = (async (): Promise<Deadlined<T>> => {
    try {
      return { ok: true, value: await task() };
    } catch (error) {
      return { ok: false, timedOut: false, error };
    }
  })();
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
