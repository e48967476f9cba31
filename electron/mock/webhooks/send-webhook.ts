// The one way the areas send a callback: through the mock's dispatcher, into the log of the
// current state, so GET /__mock/webhooks shows it and reset forgets it.
import { areaState, type MockContext, type MockState } from '../state';
import type { Delivery, WebhookEvent } from './dispatcher';

export function deliveryLog(state: MockState): Delivery[] {
  return areaState(state, 'webhooks', (): Delivery[] => []);
}

export function sendWebhook(context: MockContext, event: WebhookEvent): Delivery {
  return context.webhooks.send(deliveryLog(context.state), event);
}
