// A read's answer through the bridge (`readOutcome`, shared/bridge/result.ts) is one of three: the
// bridge failed (a lost answer, refused arguments), the service refused or did not answer
// (`failed`), or the data. `readAnswer` turns it into the data or the guidance to show, so a store
// or panel branches on two cases, never three, and every read's failure reads the same.
import type { BridgeError } from '../../shared/bridge';
import type { ReadOutcome } from '../../shared/bridge/result';
import type { ServiceError } from '../../shared/service-error';
import type { CallResult } from '../bridge/call';
import {
  type Guidance,
  guidanceForBridgeError,
  guidanceForFailedRead,
  type OperationKind,
} from './error-guidance';

export type ReadAnswer<T> = { ok: true; data: T } | { ok: false; guidance: Guidance };

/** The guidance of each way a read fails: the service's, and the bridge's. */
export type ReadGuides = {
  service: (error: ServiceError) => Guidance;
  bridge: (error: BridgeError, lost?: boolean) => Guidance;
};

/** The default guides of a read: its message or its category (a 404 says "not found"). */
export const readGuides = (op: OperationKind = 'other'): ReadGuides => ({
  service: (error) => guidanceForFailedRead(error, op),
  bridge: (error, lost) => guidanceForBridgeError(op, error, lost),
});

export function readAnswer<T>(
  answer: CallResult<ReadOutcome<T>>,
  guides: ReadGuides = readGuides(),
): ReadAnswer<T> {
  if (!answer.ok) return { ok: false, guidance: guides.bridge(answer.error, answer.lost) };
  const result = answer.result;
  return result.status === 'succeeded'
    ? { ok: true, data: result.data }
    : { ok: false, guidance: guides.service(result.error) };
}
