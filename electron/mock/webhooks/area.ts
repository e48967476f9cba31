// The delivery log of the mock's callbacks (trainer control, same bearer token) and the
// shutdown of deliveries still retrying when the mock closes.
import type { MockArea } from '../app';
import { requireBearer } from '../http/auth';
import { deliveryLog } from './send-webhook';

export const webhooksArea: MockArea = {
  register(app, context) {
    app.addHook('onClose', async () => context.webhooks.close());
    app.get('/__mock/webhooks', { onRequest: requireBearer(context) }, async () => ({
      deliveries: deliveryLog(context.state),
    }));
  },
};
