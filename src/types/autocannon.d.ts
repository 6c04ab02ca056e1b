/** The part of autocannon's programmatic API the load benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Headers = Record<string, string>;
  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Headers;
    body?: string;
    setupRequest?: (
      request: AutocannonRequest,
      context: Record<string, unknown>,
    ) => AutocannonRequest;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Headers,
    ) => void;
  };
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Headers;
    requests?: AutocannonRequest[];
  };
  type Instance = PromiseLike<Result> & {
    stop(): void;
    on(event: 'reqError', listener: (err: Error) => void): Instance;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
