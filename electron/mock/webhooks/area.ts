// The delivery log of the mock's callbacks (trainer control, same bearer token) and the
// shutdown of deliveries still retrying when the mock closes.
import type { DeliveryEntry } from '../../../shared/api/trainer';
import { trainerControls } from '../../../shared/api/trainer-controls';
import { requireBearer } from '../http/auth';
import { routePath } from '../http/route-path';
import type { MockArea } from '../mock-area';
import type { Delivery } from './dispatcher';
import { deliveryLog } from './send-webhook';

export const webhooksArea: MockArea = {
  register(app, context) {
    app.addHook('onClose', async () => context.webhooks.close());
    app.get(
      routePath(trainerControls.trainerWebhooks.path),
      { onRequest: requireBearer(context) },
      async () => ({
        deliveries: deliveryLog(context.state),
      }),
    );
  },
};

// The log's documented schema (shared/api/trainer.ts) and the dispatcher's plain type must not
// drift apart: this fails to compile if either gains or loses a field.
const _sameAsDelivery: DeliveryEntry extends Delivery
  ? Delivery extends DeliveryEntry
    ? true
    : never
  : never = true;
