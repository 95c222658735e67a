// The part of autocannon 9's API the bench uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    /** total: the responses received in the whole run. */
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }): Promise<Result>;
  export default autocannon;
}
