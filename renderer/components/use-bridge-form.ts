import { useRef, useState } from 'react';
import type { BridgeArgs, BridgeMethod, BridgeResult } from '../../shared/bridge';
import { call } from '../bridge/call';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';

/**
 * A small form that sends one bridge call: it shows field messages once submitted, sends at most
 * one call at a time (a second Enter or click while the first is out does nothing, even before
 * React has re-rendered the busy button), and turns a refusal into guidance.
 */
export function useBridgeForm() {
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Guidance | null>(null);
  const inFlight = useRef(false);

  /** Sends `method` when `ready`; the answer goes to `onOk`, or becomes the form's guidance. */
  const submit = async <M extends BridgeMethod>(
    ready: boolean,
    method: M,
    args: BridgeArgs<M>,
    onOk: (result: BridgeResult<M>) => void | Promise<void>,
    onRefused?: () => void,
  ): Promise<void> => {
    setSubmitted(true);
    if (!ready || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await call(method, args);
      if (answer.ok) {
        setError(null);
        await onOk(answer.result);
      } else {
        setError(guidanceForBridgeError('other', answer.error, answer.lost));
        onRefused?.();
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { submitted, setSubmitted, busy, error, submit };
}
