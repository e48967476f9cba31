import { describe, expect, it } from 'vitest';
import type { ServiceError } from '../../shared/service-error';
import type { MessageKey } from '../i18n/catalogue';
import { loadCatalogue, translate } from '../i18n/translate';
import {
  guidanceForBridgeError,
  guidanceForFailedRead,
  guidanceForServiceError,
  type OperationKind,
} from './error-guidance';

// Every in-store error message of the service (v3 and v2), copied letter for letter rather
// than imported from shared/api/messages.ts (docs/decisions.md "The service's interface in the
// project"), so a drift on either side fails here.
const DOCUMENTED: Array<{
  op: OperationKind;
  status: number;
  message: string;
  title: MessageKey;
}> = [
  {
    op: 'verify',
    status: 401,
    message: 'Wrong or missing client token',
    title: 'guide.auth.title',
  },
  {
    op: 'verify',
    status: 404,
    message: 'Funding code does not exist or not active',
    title: 'guide.codeNotActive.title',
  },
  {
    op: 'verify',
    status: 404,
    message: 'Financing DNI does not match with the DNI sent',
    title: 'guide.dniMismatch.title',
  },
  { op: 'verify', status: 400, message: 'cashier_id changed', title: 'guide.cashierChanged.title' },
  { op: 'paid', status: 400, message: 'cashier_id changed', title: 'guide.cashierChanged.title' },
  {
    op: 'verify',
    status: 400,
    message: 'billed_amount cannot change after being marked as billed',
    title: 'guide.billedLocked.title',
  },
  {
    op: 'verify',
    status: 400,
    message: 'Your store is not allowed to use this endpoint',
    title: 'guide.storeNotAllowed.title',
  },
  { op: 'paid', status: 400, message: 'billed_amount changed', title: 'guide.billedChanged.title' },
  {
    op: 'paid',
    status: 400,
    message: 'Client not enabled to use this API',
    title: 'guide.clientNotEnabled.title',
  },
  {
    op: 'paid',
    status: 400,
    message: 'Customer did not accept new installment schedule yet',
    title: 'guide.schedule.title',
  },
  { op: 'undo', status: 400, message: 'Not billed yet', title: 'guide.notBilled.title' },
  {
    op: 'undo',
    status: 400,
    message: "This lend don't have downpayment, lend :L-000123",
    title: 'guide.undoNoDownpayment.title',
  },
  {
    op: 'undo',
    status: 400,
    message: 'The origin of the first payment is not external, len :L-000123',
    title: 'guide.undoNotExternal.title',
  },
  {
    op: 'undo',
    status: 400,
    message: 'This lend has not only 1 (one) payment, len : L-000123',
    title: 'guide.undoSeveralPayments.title',
  },
  { op: 'info', status: 401, message: 'Wrong or missing client token', title: 'guide.auth.title' },
  {
    op: 'info',
    status: 404,
    message: 'Funding code does not exist or not active',
    title: 'guide.codeNotActive.title',
  },
  {
    op: 'v2-paid',
    status: 404,
    message: 'Funding code does not exist or not active',
    title: 'guide.codeNotActive.title',
  },
  {
    op: 'undo',
    status: 404,
    message: 'Funding code does not exist or not active',
    title: 'guide.codeNotActive.title',
  },
  {
    op: 'day-summary',
    status: 401,
    message: 'Wrong or missing client token',
    title: 'guide.auth.title',
  },
];

const categoryOf = (status: number): ServiceError['category'] =>
  status === 401 ? 'auth' : status === 404 ? 'not-found' : 'state-conflict';

describe('guidanceForServiceError', () => {
  it.each(DOCUMENTED)(
    '$message ($op) → its own guidance, exact words in details',
    ({ op, status, message, title }) => {
      const guidance = guidanceForServiceError(
        op,
        { category: categoryOf(status), httpStatus: status, message },
        'refused',
      );
      expect(guidance.title).toBe(title);
      expect(guidance.tone).toBe('error');
      expect(guidance.details).toContain(message);
      expect(guidance.doNotCollect).toBe(false);
    },
  );

  it('gives every documented message different steps from the generic refusal', () => {
    for (const { op, status, message } of DOCUMENTED) {
      const guidance = guidanceForServiceError(
        op,
        { category: categoryOf(status), httpStatus: status, message },
        'refused',
      );
      expect(guidance.steps).not.toBe('guide.refused.steps');
    }
  });

  it('offers to verify again when the billed amount changed, and retry plus "customer accepted" for the schedule', () => {
    const changed = guidanceForServiceError(
      'paid',
      { category: 'state-conflict', message: 'billed_amount changed' },
      'refused',
    );
    expect(changed.actions).toEqual(['re-verify']);
    const schedule = guidanceForServiceError(
      'paid',
      {
        category: 'state-conflict',
        message: 'Customer did not accept new installment schedule yet',
      },
      'refused',
    );
    expect(schedule.actions).toEqual(['retry-paid', 'accept-schedule']);
  });

  it('puts format errors on the fields themselves', () => {
    const guidance = guidanceForServiceError(
      'verify',
      {
        category: 'validation',
        httpStatus: 400,
        fieldErrors: {
          dni: 'Error on dni format',
          funding_code: 'Error on funding_code format',
          billed_amount: 'Error on billed_amount format',
        },
      },
      'refused',
    );
    expect(guidance.title).toBe('guide.format.title');
    expect(guidance.fields).toEqual({
      identity: 'field.identity.serviceFormat',
      code: 'field.code.serviceFormat',
      amount: 'field.amount.serviceFormat',
    });
    expect(guidance.details).toContain('dni: Error on dni format');
    expect(guidance.details).toContain('funding_code: Error on funding_code format');
  });

  it('maps a RUC format error and the day summary parameters to their fields', () => {
    expect(
      guidanceForServiceError(
        'undo',
        { category: 'validation', fieldErrors: { ruc: 'Error on ruc format' } },
        'refused',
      ).fields,
    ).toEqual({ identity: 'field.identity.serviceFormat' });
    const day = guidanceForServiceError(
      'day-summary',
      {
        category: 'validation',
        httpStatus: 400,
        fieldErrors: { day: 'Not a valid date', detail: 'Not a valid boolean' },
      },
      'refused',
    );
    expect(day.fields).toEqual({ day: 'field.day.serviceFormat' });
    expect(day.details).toContain('day: Not a valid date');
    expect(day.details).toContain('detail: Not a valid boolean');
  });

  it('is amber with "do not collect again" for an unknown paid-and-billed, never a refusal', () => {
    for (const category of ['network', 'timeout', 'server'] as const) {
      const guidance = guidanceForServiceError('paid', { category }, 'unknown', true);
      expect(guidance).toMatchObject({
        tone: 'unknown',
        doNotCollect: true,
        steps: 'guide.unknown.paid.retrying',
        actions: [],
      });
    }
    const stopped = guidanceForServiceError('v2-paid', { category: 'timeout' }, 'unknown', false);
    expect(stopped).toMatchObject({
      tone: 'unknown',
      doNotCollect: true,
      actions: ['check-again'],
    });
  });

  it('treats a 5xx as unknown even if reported as refused', () => {
    const guidance = guidanceForServiceError(
      'paid',
      { category: 'server', httpStatus: 502 },
      'refused',
    );
    expect(guidance.tone).toBe('unknown');
    expect(guidance.doNotCollect).toBe(true);
  });

  it('says a repeated verify is safe when it got no answer', () => {
    const guidance = guidanceForServiceError('verify', { category: 'timeout' }, 'unknown');
    expect(guidance).toMatchObject({
      tone: 'unknown',
      doNotCollect: false,
      actions: ['retry'],
      steps: 'guide.unknown.verify.steps',
    });
  });

  it('falls back by category when the message is not one of the document', () => {
    expect(
      guidanceForServiceError('verify', { category: 'auth', httpStatus: 401 }, 'refused').title,
    ).toBe('guide.auth.title');
    expect(
      guidanceForServiceError(
        'verify',
        { category: 'state-conflict', message: 'Something new' },
        'refused',
      ),
    ).toMatchObject({
      title: 'guide.refused.title',
      details: 'Something new',
    });
  });
});

describe('a refusal without guidance of its own (issue 38, item 1)', () => {
  // A message no table names, as a new read's refusal arrives before anyone writes guidance.
  const notFound = {
    category: 'not-found',
    httpStatus: 404,
    message: 'funding_not_found',
  } as const;

  it('tells a read "not found, check what you typed", never "do not sell on financing"', () => {
    for (const op of ['other', 'day-summary'] as const) {
      const guidance = guidanceForServiceError(op, notFound, 'refused');
      expect(guidance).toMatchObject({
        tone: 'error',
        title: 'guide.notFound.title',
        steps: 'guide.notFound.steps',
        details: 'HTTP 404 — funding_not_found',
        doNotCollect: false,
      });
    }
  });

  it('keeps "the code is not active" for a 404 of a call that carries the funding code', () => {
    for (const op of ['verify', 'paid', 'undo', 'info', 'v2-paid'] as const) {
      expect(guidanceForServiceError(op, notFound, 'refused').title, op).toBe(
        'guide.codeNotActive.title',
      );
    }
  });

  it('says in both languages that asking changed nothing', async () => {
    await loadCatalogue('en');
    const { title, steps } = guidanceForServiceError('other', notFound, 'refused');
    expect(translate('es-PE', steps)).toContain('no cambió nada');
    expect(translate('en', steps)).toContain('changed nothing');
    expect(translate('en', title)).not.toMatch(/financ/i);
  });
});

describe('guidanceForFailedRead', () => {
  it('offers to ask again when the read got no answer, red, never "may have happened"', () => {
    for (const category of ['network', 'timeout', 'server'] as const) {
      expect(guidanceForFailedRead({ category })).toMatchObject({
        tone: 'error',
        title: 'guide.unknown.query.title',
        actions: ['retry'],
        doNotCollect: false,
      });
    }
  });

  it('gives a refused read its message or its category', () => {
    expect(
      guidanceForFailedRead({ category: 'not-found', httpStatus: 404, message: 'x' }).title,
    ).toBe('guide.notFound.title');
    expect(
      guidanceForFailedRead(
        {
          category: 'not-found',
          httpStatus: 404,
          message: 'Funding code does not exist or not active',
        },
        'info',
      ).title,
    ).toBe('guide.codeNotActive.title');
    expect(guidanceForFailedRead({ category: 'auth', httpStatus: 401 }).actions).toEqual([
      'open-settings',
    ]);
  });
});

describe('guidanceForBridgeError', () => {
  it('explains PIN problems plainly', () => {
    expect(guidanceForBridgeError('undo', { code: 'wrong-pin', message: 'wrong' }).title).toBe(
      'guide.bridge.wrongPin.title',
    );
    expect(guidanceForBridgeError('undo', { code: 'pin-locked', message: 'locked' }).title).toBe(
      'guide.bridge.pinLocked.title',
    );
  });

  it('marks the PIN field for a wrong PIN and never calls its details the service’s', () => {
    const wrong = guidanceForBridgeError('undo', { code: 'wrong-pin', message: 'wrong' });
    expect(wrong.fields).toEqual({ pin: 'field.pin.wrong' });
    expect(wrong.detailsFrom).toBe('app');
  });

  it('marks a locked PIN as locked, never "type it again" while it cannot be typed', () => {
    const locked = guidanceForBridgeError('undo', {
      code: 'pin-locked',
      message: 'locked',
      retry_after_s: 300,
    });
    expect(locked.fields).toEqual({ pin: 'field.pin.locked' });
  });

  it('names what live mode is missing: the token or the address', () => {
    const token = guidanceForBridgeError('other', {
      code: 'not-configured',
      message: 'x',
      missing: 'service-token',
    });
    expect(token.title).toBe('guide.bridge.missingToken.title');
    const url = guidanceForBridgeError('other', {
      code: 'not-configured',
      message: 'x',
      missing: 'service-url',
    });
    expect(url.title).toBe('guide.bridge.missingUrl.title');
  });

  it.each([
    ['store-url', 'Web de la tienda', "store's web address"],
    ['store-client-id', 'Client id de la tienda', "store's client id"],
    ['shift', 'turno', 'shift'],
  ] as const)(
    'names a missing %s in the screen\'s language, not "address, token and shift"',
    async (missing, es, en) => {
      await loadCatalogue('en');
      const guidance = guidanceForBridgeError('other', {
        code: 'not-configured',
        message: 'Live mode needs the store web address (store_url).',
        missing,
      });
      const words = (language: 'es-PE' | 'en') =>
        `${translate(language, guidance.title)} ${translate(language, guidance.steps)}`;
      expect(words('es-PE')).toContain(es);
      expect(words('es-PE')).not.toMatch(/token/);
      expect(words('en')).toContain(en);
      expect(words('en')).not.toMatch(/token/);
    },
  );

  it('says the PIN is locked because the settings cannot be saved, not "something went wrong"', () => {
    const unwritable = guidanceForBridgeError('other', {
      code: 'needs-attention',
      message: 'x',
      attention: 'settings-unwritable',
    });
    expect(unwritable.title).toBe('guide.bridge.settingsUnwritable.title');
    const damaged = guidanceForBridgeError('other', {
      code: 'needs-attention',
      message: 'x',
      attention: 'settings-damaged',
    });
    expect(damaged.title).toBe('guide.bridge.needsAttention.title');
  });

  it('says how long a PIN lockout still lasts', () => {
    const locked = (retry_after_s: number) =>
      guidanceForBridgeError('other', { code: 'pin-locked', message: 'locked', retry_after_s });
    expect(locked(239)).toMatchObject({
      steps: 'guide.bridge.pinLocked.wait',
      params: { time: '4 min' },
    });
    expect(locked(5_400)).toMatchObject({ params: { time: '1 h 30 min' } });
    expect(locked(86_400)).toMatchObject({ params: { time: '24 h' } });
  });

  it('turns a lost answer to paid-and-billed into amber "do not collect again"', () => {
    const guidance = guidanceForBridgeError(
      'paid',
      { code: 'internal', message: 'no answer' },
      true,
    );
    expect(guidance).toMatchObject({
      tone: 'unknown',
      doNotCollect: true,
      actions: ['check-again'],
    });
  });

  it('sends an unconfigured terminal to settings', () => {
    expect(
      guidanceForBridgeError('verify', { code: 'not-configured', message: 'no token' }).actions,
    ).toEqual(['open-settings']);
  });

  it('gives a message named like an object property the generic refusal, not a crash', () => {
    for (const message of ['constructor', 'toString', '__proto__', 'valueOf']) {
      const guidance = guidanceForServiceError(
        'verify',
        { category: 'state-conflict', httpStatus: 400, message },
        'refused',
      );
      expect(guidance).toMatchObject({
        title: 'guide.refused.title',
        steps: 'guide.refused.steps',
      });
      expect(guidance.actions).toEqual([]);
    }
  });
});
