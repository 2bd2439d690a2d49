// The part of autocannon 9's programmatic API the benchmarks use (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    sent?: number;
    p0_001: number;
    p0_01: number;
    p0_1: number;
    p1: number;
    p2_5: number;
    p10: number;
    p25: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
    p99_99: number;
    p99_999: number;
  }

  interface AutocannonClient {
    setHeaders(headers: Record<string, string>): void;
    setBody(body: string | Buffer): void;
    setHeadersAndBody(headers: Record<string, string>, body: string | Buffer): void;
    on(event: "response", listener: (statusCode: number, resBytes: number, responseTime: number) => void): void;
  }

  /** A request autocannon sends in turn; `setupRequest` may change it each time it is sent. */
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: { method: string; path: string; headers: Record<string, string> }) => { method: string; path: string; headers: Record<string, string> };
  }

  interface AutocannonOptions {
    url: string;
    requests?: AutocannonRequest[];
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupClient?: (client: AutocannonClient) => void;
    bailout?: number;
    title?: string;
  }

  interface AutocannonResult {
    title?: string;
    url: string;
    connections: number;
    duration: number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    statusCodeStats: Record<string, { count: number }>;
    samples: number;
    start: Date;
    finish: Date;
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
  export type { AutocannonClient, AutocannonOptions, AutocannonRequest, AutocannonResult, Histogram };
}
