// A route's answer as data, so rules are plain functions testable without HTTP.

export type MockReply = { status: number; body: unknown };

export const ok = (body: unknown = {}): MockReply => ({ status: 200, body });
export const fail = (status: number, error: string): MockReply => ({ status, body: { error } });
export const fieldErrors = (errors: Record<string, string>): MockReply => ({
  status: 400,
  body: errors,
});
