import type {
  AggregationTemporality,
  InstrumentType,
  PushMetricExporter,
  ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import type { ExportResult } from '@opentelemetry/core';
import { HeraldValueError } from '../../errors/herald-value.error.js';

/**
 * Caps the data points of one OTLP metrics request at `batchSize`
 * (`opentelemetry.batch_size`): a collection larger than that is sent as
 * several requests, one after the other, each a slice of the same resource
 * and scopes. The export succeeds when every request does; the first failure
 * is reported.
 */
export class BatchingMetricExporter implements PushMetricExporter {
  constructor(
    readonly delegate: PushMetricExporter,
    readonly batchSize: number,
  ) {
    if (!Number.isInteger(batchSize) || batchSize < 1) {
      throw new HeraldValueError(
        `opentelemetry.batch_size must be an integer >= 1 (got ${JSON.stringify(batchSize) ?? String(batchSize)}); leave it unset for one request per export.`,
      );
    }
  }

  export(metrics: ResourceMetrics, resultCallback: (result: ExportResult) => void): void {
    const batches = splitResourceMetrics(metrics, this.batchSize);
    const next = (i: number): void => {
      if (i >= batches.length) return resultCallback({ code: 0 });
      this.delegate.export(batches[i], (result) =>
        result.code === 0 ? next(i + 1) : resultCallback(result),
      );
    };
    next(0);
  }

  forceFlush(): Promise<void> {
    return this.delegate.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.delegate.shutdown();
  }

  selectAggregationTemporality(instrumentType: InstrumentType): AggregationTemporality {
    return this.delegate.selectAggregationTemporality!(instrumentType);
  }
}

/** Slices `metrics` into collections of at most `size` data points (an empty collection stays one). */
export function splitResourceMetrics(metrics: ResourceMetrics, size: number): ResourceMetrics[] {
  const batches: ResourceMetrics[] = [];
  let current: ResourceMetrics | undefined;
  let room = 0;
  for (const scope of metrics.scopeMetrics) {
    for (const metric of scope.metrics) {
      let offset = 0;
      while (offset < metric.dataPoints.length) {
        if (!current || room === 0) {
          current = { resource: metrics.resource, scopeMetrics: [] };
          batches.push(current);
          room = size;
        }
        let scopeSlice = current.scopeMetrics.at(-1);
        if (scopeSlice?.scope !== scope.scope) {
          scopeSlice = { scope: scope.scope, metrics: [] };
          current.scopeMetrics.push(scopeSlice);
        }
        const points = metric.dataPoints.slice(offset, offset + room);
        scopeSlice.metrics.push({ ...metric, dataPoints: points } as typeof metric);
        offset += points.length;
        room -= points.length;
      }
    }
  }
  return batches.length > 0 ? batches : [metrics];
}
