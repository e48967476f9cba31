import { describe, expect, it } from 'vitest';
import { readAnswer, readGuides } from './read-answer';

describe('readAnswer', () => {
  it('gives the data of a read that succeeded', () => {
    expect(readAnswer({ ok: true, result: { status: 'succeeded', data: { n: 1 } } })).toEqual({
      ok: true,
      data: { n: 1 },
    });
  });

  it('turns the service\'s refusal into its guidance: a 404 of a read is "not found"', () => {
    const answer = readAnswer({
      ok: true,
      result: {
        status: 'failed',
        error: { category: 'not-found', httpStatus: 404, message: 'funding_not_found' },
      },
    });
    expect(answer).toMatchObject({
      ok: false,
      guidance: { tone: 'error', title: 'guide.notFound.title', doNotCollect: false },
    });
  });

  it('offers to ask again when the service did not answer, never amber', () => {
    expect(
      readAnswer({ ok: true, result: { status: 'failed', error: { category: 'timeout' } } }),
    ).toMatchObject({ ok: false, guidance: { tone: 'error', actions: ['retry'] } });
  });

  it("turns the bridge's failure into its guidance, a lost answer included", () => {
    expect(
      readAnswer({ ok: false, error: { code: 'not-configured', message: 'x', missing: 'shift' } }),
    ).toMatchObject({ ok: false, guidance: { title: 'guide.bridge.missingShift.title' } });
    expect(
      readAnswer({ ok: false, error: { code: 'internal', message: 'x' }, lost: true }),
    ).toMatchObject({ ok: false, guidance: { title: 'guide.bridge.lost.title' } });
  });

  it("takes an area's own guides (the orders' words)", () => {
    const guides = {
      ...readGuides(),
      service: () => ({
        ...readGuides().service({ category: 'auth' }),
        title: 'orders.guide.notFound.title' as const,
      }),
    };
    expect(
      readAnswer({ ok: true, result: { status: 'failed', error: { category: 'auth' } } }, guides),
    ).toMatchObject({ guidance: { title: 'orders.guide.notFound.title' } });
  });
});
