// What an area of the mock (in-store, orders, vouchers, the trainer controls…) gives the app: its
// routes, and what a reset must seed. Its own module, imported by every area and by areas.ts
// alone, so that no area imports app.ts and the areas' list imports no cycle back
// (scripts/import-cycles.test.ts).
import type { FastifyInstance } from 'fastify';
import type { MockContext } from './state';

/** Clears the whole mock and seeds every area again (POST /__mock/reset). */
export type ResetMock = () => void;

export type MockArea = {
  register(app: FastifyInstance, context: MockContext, reset: ResetMock): void;
  /** Called after every reset, with the fresh state in place, in the order of the areas. */
  seed?(context: MockContext): void;
};
