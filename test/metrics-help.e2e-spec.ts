import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MetricsCollector } from '@herald/monitor';
import { ScrapeAdapter } from '@herald/monitor/prometheus';
import { HTTP_METRIC_NAMES } from '../libs/monitor/src/metrics/scrape/http-metrics.middleware.js';
import { DELIVERY_FEEDBACK_METRIC } from '../libs/notification/src/delivery/feedback/delivery-feedback.events.js';
import { DELIVERY_QUEUE_METRICS } from '../libs/notification/src/delivery/queue/delivery-queue.monitor.js';
import { DELIVERY_SWEEPER_METRICS } from '../libs/notification/src/delivery/queue/delivery-sweeper.js';
import { NOTIFIER_METRICS } from '../libs/notification/src/notifier/notifier.metrics.js';
import {
  NOTIFICATION_SEND_DURATION,
  NOTIFICATION_SENT_TOTAL,
} from '../libs/notification/src/utils/delivery-telemetry.js';

const LIBS = join(__dirname, '..', 'libs');
type Kind = 'counter' | 'gauge' | 'histogram';

/** The constants Herald's code records metrics under, by the identifier it uses. */
const CONSTANTS: Record<string, string> = {
  'HTTP_METRIC_NAMES.requests': HTTP_METRIC_NAMES.requests,
  'HTTP_METRIC_NAMES.duration': HTTP_METRIC_NAMES.duration,
  'HTTP_METRIC_NAMES.active': HTTP_METRIC_NAMES.active,
  DELIVERY_FEEDBACK_METRIC,
  'DELIVERY_QUEUE_METRICS.depth': DELIVERY_QUEUE_METRICS.depth,
  'DELIVERY_QUEUE_METRICS.inFlight': DELIVERY_QUEUE_METRICS.inFlight,
  'DELIVERY_QUEUE_METRICS.dead': DELIVERY_QUEUE_METRICS.dead,
  'DELIVERY_SWEEPER_METRICS.found': DELIVERY_SWEEPER_METRICS.found,
  'DELIVERY_SWEEPER_METRICS.requeued': DELIVERY_SWEEPER_METRICS.requeued,
  'DELIVERY_SWEEPER_METRICS.orphaned': DELIVERY_SWEEPER_METRICS.orphaned,
  'NOTIFIER_METRICS.notifications': NOTIFIER_METRICS.notifications,
  'NOTIFIER_METRICS.deliveries': NOTIFIER_METRICS.deliveries,
  'NOTIFIER_METRICS.notifyDuration': NOTIFIER_METRICS.notifyDuration,
  'NOTIFIER_METRICS.smsSegments': NOTIFIER_METRICS.smsSegments,
  NOTIFICATION_SENT_TOTAL,
  NOTIFICATION_SEND_DURATION,
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      return ['dist', 'node_modules', 'testing', '__fixtures__'].includes(entry)
        ? []
        : sources(path);
    }
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/**
 * Every metric Herald's library code records itself: the first argument of a
 * name-based call (`increment`, `gauge`, `histogram`) or of `create<Instrument>`,
 * as a string literal or one of the constants above. An identifier the table
 * does not know fails, so a new metric cannot slip past this test.
 */
function heraldMetrics(): Array<{ name: string; kind: Kind; where: string }> {
  const call =
    /\.(increment|gauge|histogram|createCounter|createGauge|createHistogram)\(\s*('([^']+)'|[A-Z][A-Z_]*(?:\.\w+)?)/g;
  const found = new Map<string, { name: string; kind: Kind; where: string }>();
  for (const lib of ['monitor', 'notification']) {
    for (const file of sources(join(LIBS, lib, 'src'))) {
      const text = readFileSync(file, 'utf8').replace(/^\s*(\*|\/\/).*$/gm, '');
      for (const m of text.matchAll(call)) {
        const where = relative(LIBS, file);
        const name = m[3] ?? CONSTANTS[m[2]];
        if (name === undefined)
          throw new Error(`${where} records metric ${m[2]}: add it to CONSTANTS`);
        const method = m[1].replace(/^create/, '').toLowerCase();
        const kind = (method === 'increment' ? 'counter' : method) as Kind;
        found.set(name, { name, kind, where });
      }
    }
  }
  return [...found.values()];
}

function helpLines(text: string): Map<string, string> {
  const help = new Map<string, string>();
  for (const m of text.matchAll(/^# HELP (\S+) (.*)$/gm)) help.set(m[1], m[2]);
  return help;
}

describe("Herald's own metrics have a real HELP text", () => {
  const metrics = heraldMetrics();

  it('finds the metrics the libraries record', () => {
    expect(metrics.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        'herald_delivery_sent_total',
        'herald_notification_deliveries_total',
        'notification_sent_total',
        'http_server_requests_total',
        'slo_burn_rate',
        'db_queries_total',
        'herald_delivery_queue_depth',
      ]),
    );
  });

  it("no Herald metric's HELP equals its name in the collector's exposition (name-based calls)", () => {
    const collector = new MetricsCollector();
    for (const { name, kind } of metrics) {
      if (kind === 'counter') collector.increment(name, 1, { channel: 'mail' });
      else if (kind === 'gauge') collector.gauge(name, 1);
      else collector.histogram(name, 0.1);
    }
    const help = helpLines(collector.metricsText());
    const bad = metrics
      .filter(({ name }) => !help.get(name) || help.get(name) === name)
      .map(({ name, where }) => `${name} (${where}): HELP "${help.get(name) ?? ''}"`);
    expect(bad).toEqual([]);
  });

  it('nor through the prom-client ScrapeAdapter', async () => {
    const adapter = new ScrapeAdapter();
    for (const { name, kind } of metrics) await adapter[kind](name, 1);
    const help = helpLines(await adapter.registry!.metrics());
    const bad = metrics.filter(({ name }) => !help.get(name) || help.get(name) === name);
    expect(bad.map((m) => m.name)).toEqual([]);
  });
});
