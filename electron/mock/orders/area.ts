// Online orders and refunds, with the trainer control that plays the customer's application.
import type { MockArea } from '../mock-area';
import { registerOrderRoutes } from './routes';
import { registerOrderTrainerRoutes } from './trainer-routes';

export const ordersArea: MockArea = {
  register(app, context) {
    registerOrderRoutes(app, context);
    registerOrderTrainerRoutes(app, context);
  },
};
