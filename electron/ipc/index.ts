// The bridge's main-process side: the handler table, dispatch, and the backend that wires them
// to a data dir. No Electron import anywhere in this folder.
export { buildAppInfo, readPackageInfo } from './app-info-handlers';
export { BridgeFailure } from './bridge-failure';
export { createHandlers, type HandlerTable } from './create-handlers';
export type { Caller, Handler, HandlerDeps, HandlerMap, PrintAdapter, ServiceFor } from './deps';
export { dispatch } from './dispatch';
export {
  createFaultInjector,
  type FaultInjector,
  type FaultKind,
  type FaultOperation,
} from './fault-transport';
export { type Backend, type BackendOptions, LOG_FILE, openBackend } from './open-backend';
export { browserPrinter } from './print-handlers';
export { createServiceFor, type ServiceForOptions } from './service-for';
