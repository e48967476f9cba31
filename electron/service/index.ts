// The service client's public surface; the rest of the folder is its inner workings.
export type { ServiceError, ServiceErrorCategory, ServiceResult } from '../../shared/service-error';
export { type BaseUrlCheck, type BaseUrlProblem, checkBaseUrl, isLoopbackHost } from './base-url';
export type { CallEndpoint } from './call-endpoint';
export type { ServiceCredentials } from './credentials';
export type { EndpointData, EndpointInput } from './endpoint-types';
export {
  createServiceClient,
  DEFAULT_TIMEOUT_MS,
  type ServiceClient,
  type ServiceClientOptions,
} from './service-client';
export {
  createInjectTransport,
  fetchTransport,
  type Injectable,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transports';
