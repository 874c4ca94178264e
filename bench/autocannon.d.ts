/** The part of autocannon's API the scale benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
    requests?: { method?: string; path: string; headers?: Record<string, string> }[];
  }
  interface Histogram {
    average: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  /** The running load: a promise of the result that also reports each answer. */
  interface Instance extends Promise<Result> {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
