import { SLOTier, type SLO } from '@herald/monitor';

/** The SLOs the demo registers at startup (besides any from `monitor.slo.slos`). */
export const DEMO_SLOS: SLO[] = [
  {
    name: 'demo-checkout-p95',
    metric: 'demo.checkout.latency',
    percentile: 0.95,
    thresholdMs: 300,
    windowMs: 5 * 60_000,
    tier: SLOTier.P0_PAGE,
    owner: 'demo-payments',
    runbookUrl: 'https://runbooks.example.com/demo-checkout',
    description: '95 % of checkouts answer within 300 ms',
  },
  {
    name: 'demo-search-p50',
    metric: 'demo.search.latency',
    percentile: 0.5,
    thresholdMs: 100,
    windowMs: 60_000,
    burnRateThreshold: 1.5,
    tier: SLOTier.P2_TICKET,
    owner: 'demo-search',
    description: 'Half of the searches answer within 100 ms; alert at 1.5x',
  },
];
