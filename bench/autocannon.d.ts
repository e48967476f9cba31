// The slice of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    pipelining?: number;
    timeout?: number;
  };
  type Histogram = {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  };
  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
