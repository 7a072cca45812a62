import { MetricsCollector } from '../collector/metrics-collector.js';
import { CollectorMetricProducer } from './collector-metric.producer.js';

describe('CollectorMetricProducer', () => {
  it('reads every series of the collector as cumulative OTLP metric data', async () => {
    const collector = new MetricsCollector({ defaultLabels: { region: 'eu' } });
    collector.createCounter('jobs_total', 'Jobs').increment(2, { queue: 'mail' });
    collector.increment('jobs_total', 3, { queue: 'mail' });
    collector.increment('jobs_total', 1, { queue: 'sms' });
    collector.gauge('depth', 7);
    const latency = collector.createHistogram('latency', 'Latency', undefined, [0.1, 1]);
    latency.observe(0.05);
    latency.observe(0.5);
    latency.observe(3);
    const size = collector.createSummary('size');
    for (const v of [1, 2, 3, 4]) size.observe(v);
    collector.createCounter('never_used');

    const { resourceMetrics, errors } = await new CollectorMetricProducer(
      () => collector,
    ).collect();
    expect(errors).toEqual([]);
    expect(resourceMetrics.scopeMetrics).toHaveLength(1);
    const [scope] = resourceMetrics.scopeMetrics;
    expect(scope.scope.name).toBe('@herald/monitor');
    const byName = new Map(scope.metrics.map((m) => [m.descriptor.name, m as any]));
    expect([...byName.keys()]).toEqual([
      'jobs_total',
      'depth',
      'latency',
      'size',
      'size_sum',
      'size_count',
    ]);

    const jobs = byName.get('jobs_total');
    expect(jobs).toMatchObject({ dataPointType: 3, isMonotonic: true, aggregationTemporality: 1 });
    expect(jobs.descriptor.description).toBe('Jobs');
    expect(jobs.dataPoints.map((p: any) => [p.attributes, p.value])).toEqual([
      [{ region: 'eu', queue: 'mail' }, 5],
      [{ region: 'eu', queue: 'sms' }, 1],
    ]);
    expect(byName.get('depth')).toMatchObject({ dataPointType: 2 });
    expect(byName.get('depth').dataPoints[0].value).toBe(7);

    const hist = byName.get('latency');
    expect(hist.dataPointType).toBe(0);
    expect(hist.dataPoints[0].value).toEqual({
      buckets: { boundaries: [0.1, 1], counts: [1, 1, 1] },
      sum: 3.55,
      count: 3,
    });

    expect(byName.get('size').dataPoints.map((p: any) => [p.attributes.quantile, p.value])).toEqual(
      [
        ['0.5', 2],
        ['0.9', 4],
        ['0.99', 4],
      ],
    );
    expect(byName.get('size_sum').dataPoints[0].value).toBe(10);
    expect(byName.get('size_count').dataPoints[0].value).toBe(4);
    const [start, end] = [jobs.dataPoints[0].startTime, jobs.dataPoints[0].endTime];
    expect(end[0] * 1e9 + end[1]).toBeGreaterThanOrEqual(start[0] * 1e9 + start[1]);
  });

  it('an empty collector gives no scope (nothing is exported)', async () => {
    const { resourceMetrics } = await new CollectorMetricProducer(
      () => new MetricsCollector(),
    ).collect();
    expect(resourceMetrics.scopeMetrics).toEqual([]);
  });
});
