import { LoggingAlertDispatcher, SLOMonitor, SLOTier } from '@herald/monitor';

const slos = new SLOMonitor({
  maxSamplesPerMetric: 10_000,
  alertDispatcher: new LoggingAlertDispatcher(),
  suppressionWindowMs: 300_000,
});
slos.register({
  name: 'checkout-p99',
  metric: 'checkout.latency',
  percentile: 0.99,
  thresholdMs: 300,
  windowMs: 300_000,
  tier: SLOTier.P0_PAGE,
  owner: 'payments',
  runbookUrl: 'https://runbooks.example.com/checkout',
});
slos.recordSample('checkout.latency', 123); // O(1), no allocation once warmed up

export async function evaluate() {
  return slos.evaluateAndDispatch(); // the violations, each dispatched at most once per window
}
