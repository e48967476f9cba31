// Test support only (e2e/store-day.ts): preloaded into a browser-mode host with
// `NODE_OPTIONS=--require …/shifted-clock.cjs` and MOSTRADOR_E2E_CLOCK_SHIFT_MS, it moves that
// process's clock (Date) by the given milliseconds, so a counter works "yesterday" while the store
// database and the supervisor's counter run on today's clock: a store day that has ended, with
// sales in it, can then be closed in one test run. The app has no clock setting of its own.
const shift = Number(process.env.MOSTRADOR_E2E_CLOCK_SHIFT_MS ?? 0);
if (Number.isFinite(shift) && shift !== 0) {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...args);
    }
    static now() {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate;
}
