import { HeraldConfigError, loadHeraldConfig } from '@herald/contracts';
import { createSloMonitorFromConfig } from './slo.providers.js';
import { SLOTier } from './slo-tier.enum.js';

describe('the slo config section', () => {
  it('reads SLOs from the environment (JSON list and item fields) and builds the monitor', () => {
    const config = loadHeraldConfig({
      env: {
        HERALD_MONITOR__SLO__SLOS: JSON.stringify([
          { name: 'api', metric: 'http.latency', percentile: 0.99, threshold_ms: 250, window: 60 },
        ]),
        HERALD_MONITOR__SLO__SLOS__0__TIER: 'p2_ticket',
        HERALD_MONITOR__SLO__MAX_SAMPLES_PER_METRIC: '500',
      },
    });
    const monitor = createSloMonitorFromConfig(config.monitor);
    expect(monitor.maxSamplesPerMetric).toBe(500);
    expect(monitor.registeredSlos.api).toEqual({
      name: 'api',
      metric: 'http.latency',
      percentile: 0.99,
      thresholdMs: 250,
      windowMs: 60_000,
      burnRateThreshold: 1,
      tier: SLOTier.P2_TICKET,
      description: undefined,
      owner: undefined,
      runbookUrl: undefined,
    });
  });

  it('lists every problem: duplicate names, bad values, unknown or unconfigured dispatchers', () => {
    let error: HeraldConfigError | undefined;
    try {
      loadHeraldConfig({
        env: {},
        overrides: {
          monitor: {
            slo: {
              slos: [
                { name: 'a', metric: 'm', percentile: 1.5 },
                { name: 'a', metric: 'm', tier: 'p9' },
              ],
              alertRoutes: { p0_page: 'pager', p1_business_hours: 'alertmanager' },
            },
          },
        },
      });
    } catch (e) {
      error = e as HeraldConfigError;
    }
    expect(error).toBeInstanceOf(HeraldConfigError);
    const paths = error!.problems.map((p) => `${p.path}: ${p.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'monitor.slo.slos[0].percentile: must be between 0 and 1 (got 1.5)',
        'monitor.slo.slos[1].name: duplicate SLO name "a"; each SLO needs its own name',
        expect.stringMatching(/^monitor\.slo\.slos\[1\]\.tier: must be one of "p0_page"/),
        'monitor.slo.alert_routes.p0_page: unknown dispatcher "pager"; use log, alertmanager, slack, teams, pagerduty',
        'monitor.slo.alert_routes.p1_business_hours: routes to alertmanager but alertmanager_url is not set',
      ]),
    );
  });
});
