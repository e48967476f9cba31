// The bridge's main-process side: the handler table, dispatch, and the backend that wires them
// to a data dir. No Electron import anywhere in this folder.

export { BridgeFailure } from './bridge-failure';
export { createHandlers, type HandlerTable } from './compose/create-handlers';
export {
  createFaultInjector,
  type FaultInjector,
  type FaultKind,
  type FaultOperation,
} from './compose/fault-transport';
export { type Backend, type BackendOptions, LOG_FILE, openBackend } from './compose/open-backend';
export { createServiceFor, type ServiceForOptions } from './compose/service-for';
export type { Caller, Handler, HandlerDeps, HandlerMap, PrintAdapter, ServiceFor } from './deps';
export { dispatch } from './dispatch';
export { buildAppInfo, readPackageInfo } from './handlers/app-info-handlers';
export { browserPrinter } from './handlers/print-handlers';
