import type { Metric, Registry } from 'prom-client';

/** One route × method × status class: plain numbers a request adds to; its labels are read only on scrape. */
export type RequestSeries = {
  readonly labels: Readonly<{ route: string; method: string; status: string }>;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last one is above the highest bound (+Inf). */
  readonly buckets: Float64Array;
};

type Sample = { labels: Record<string, string>; value: number; metricName?: string };

/**
 * The request counter and latency histogram, kept outside prom-client's label maps: prom-client hashes the label
 * values of every inc/observe, about 2 µs a request on this machine for the pair; here a request adds to a series
 * its route already holds (a few tens of nanoseconds), and the samples are built when a scrape reads them. Both
 * are registered on the app's registry as metrics of their own (prom-client asks a metric only for `get()`).
 */
export function createRequestSeries(options: {
  registry: Registry;
  counterName: string;
  counterHelp: string;
  histogramName: string;
  histogramHelp: string;
  bounds: readonly number[];
}) {
  const { bounds } = options;
  const all = new Map<string, RequestSeries>();
  const les = [...bounds.map(String), '+Inf'];

  const counter = {
    name: options.counterName,
    help: options.counterHelp,
    type: 'counter',
    aggregator: 'sum',
    get: async () => ({
      name: counter.name,
      help: counter.help,
      type: 'counter',
      aggregator: 'sum',
      values: [...all.values()].map((series): Sample => ({ labels: series.labels, value: series.count })),
    }),
  };
  const histogram = {
    name: options.histogramName,
    help: options.histogramHelp,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => {
      const values: Sample[] = [];
      for (const series of all.values()) {
        let cumulative = 0;
        for (let i = 0; i < les.length; i += 1) {
          cumulative += series.buckets[i]!;
          values.push({
            labels: { ...series.labels, le: les[i]! },
            value: cumulative,
            metricName: `${histogram.name}_bucket`,
          });
        }
        values.push({ labels: series.labels, value: series.sum, metricName: `${histogram.name}_sum` });
        values.push({ labels: series.labels, value: series.count, metricName: `${histogram.name}_count` });
      }
      return { name: histogram.name, help: histogram.help, type: 'histogram', aggregator: 'sum', values };
    },
  };
  options.registry.registerMetric(counter as unknown as Metric);
  options.registry.registerMetric(histogram as unknown as Metric);

  return {
    /** The series of these labels, made once (two undeclared methods folded into OTHER share one). */
    series(route: string, method: string, status: string): RequestSeries {
      const key = `${route}\u0000${method}\u0000${status}`;
      let series = all.get(key);
      if (!series) {
        series = {
          labels: { route, method, status },
          count: 0,
          sum: 0,
          buckets: new Float64Array(les.length),
        };
        all.set(key, series);
      }
      return series;
    },

    observe(series: RequestSeries, seconds: number): void {
      series.count += 1;
      series.sum += seconds;
      let bucket = 0;
      while (bucket < bounds.length && seconds > bounds[bucket]!) bucket += 1;
      series.buckets[bucket]! += 1;
    },
  };
}
