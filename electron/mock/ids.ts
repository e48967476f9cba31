// Deterministic identifiers: the same sequence after every reset, so scenario codes, loan ids
// and tests are reproducible. Not secrets: this is a sandbox.

export type IdSource = {
  fundingCode(taken: (code: string) => boolean): string;
  loanId(): string;
  orderId(): string;
  /** The numbers behind the next loanId() and orderId(), for records that keep numbers. */
  loanNumber(): number;
  orderNumber(): number;
  /** 24 lowercase hex characters, the shape of the service's object ids. */
  objectId(): string;
  /** A short opaque token for audit ids (refund tracking ids, settlement ids…). */
  token(prefix: string): string;
};

export const loanIdOf = (n: number): string => String(700_000 + n);
export const orderIdOf = (n: number): string => `MOSTRADOR-${String(n).padStart(6, '0')}`;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function createIdSource(seed = 0x5eed): IdSource {
  let state = seed >>> 0;
  const next = (): number => {
    // mulberry32: small, fast, and good enough for ids that only need to look varied.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let loans = 0;
  let orders = 0;
  let objects = 0;
  let tokens = 0;
  return {
    fundingCode(taken) {
      for (;;) {
        let code = '';
        for (let i = 0; i < 6; i++)
          code += CODE_ALPHABET[Math.floor(next() * CODE_ALPHABET.length)];
        if (!taken(code)) return code;
      }
    },
    loanId: () => loanIdOf(++loans),
    orderId: () => orderIdOf(++orders),
    loanNumber: () => ++loans,
    orderNumber: () => ++orders,
    objectId: () => {
      objects += 1;
      const time = (0x66000000 + objects).toString(16).padStart(8, '0');
      let rest = '';
      for (let i = 0; i < 16; i++) rest += Math.floor(next() * 16).toString(16);
      return (time + rest).slice(0, 24);
    },
    token: (prefix) => `${prefix}-${String(++tokens).padStart(8, '0')}`,
  };
}
