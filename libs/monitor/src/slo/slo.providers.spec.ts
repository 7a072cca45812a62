import { Test } from '@nestjs/testing';
import { ALERT_DISPATCHER } from '@herald/contracts';
import { LoggingAlertDispatcher } from '../alerts/logging-alert.dispatcher.js';
import { MonitorModule } from '../monitor.module.js';
import { SloEvaluationScheduler } from './slo-evaluation.scheduler.js';
import { SLOTier } from './slo-tier.enum.js';
import { SLOMonitor } from './slo.monitor.js';

const sloSection = {
  slos: [
    {
      name: 'checkout',
      metric: 'checkout.latency',
      percentile: 0.95,
      thresholdMs: 250,
      window: 120,
      tier: 'p0_page',
      owner: 'payments',
    },
  ],
};

describe('SLO providers', () => {
  it('withSlo() provides and exports SLOMonitor with the configured SLOs', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        MonitorModule.withSlo({ config: { slo: { ...sloSection, suppressionWindow: 10 } } }),
      ],
    }).compile();
    const monitor = moduleRef.get(SLOMonitor);
    expect(monitor.suppressionWindowMs).toBe(10_000);
    expect(monitor.registeredSlos.checkout).toMatchObject({
      metric: 'checkout.latency',
      windowMs: 120_000,
      tier: SLOTier.P0_PAGE,
      owner: 'payments',
    });
    expect(moduleRef.get(ALERT_DISPATCHER)).toBeInstanceOf(LoggingAlertDispatcher);
    await moduleRef.close();
  });

  it('configure() without slo does not provide SLOMonitor', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [MonitorModule.configure({ config: {} })],
    }).compile();
    expect(() => moduleRef.get(SLOMonitor)).toThrow();
    expect(moduleRef.get(ALERT_DISPATCHER)).toBeInstanceOf(LoggingAlertDispatcher);
    await moduleRef.close();
  });

  it('stub() binds the logging dispatcher even when an Alertmanager URL is configured', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [MonitorModule.stub({ slo: { alertmanagerUrl: 'http://127.0.0.1:9' } })],
    }).compile();
    expect(moduleRef.get(ALERT_DISPATCHER)).toBeInstanceOf(LoggingAlertDispatcher);
    await moduleRef.close();
  });

  describe('periodic evaluation', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('evaluates every evaluation_interval seconds when slo.enabled, and stops on close', async () => {
      const moduleRef = await Test.createTestingModule({
        imports: [
          MonitorModule.withSlo({
            config: { slo: { ...sloSection, enabled: true, evaluationInterval: 5 } },
          }),
        ],
      }).compile();
      await moduleRef.init();
      const monitor = moduleRef.get(SLOMonitor);
      const spy = jest.spyOn(monitor, 'evaluateAndDispatch').mockResolvedValue([]);
      await jest.advanceTimersByTimeAsync(4_999);
      expect(spy).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      expect(spy).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(10_000);
      expect(spy).toHaveBeenCalledTimes(3);
      const scheduler = moduleRef.get(SloEvaluationScheduler);
      expect(scheduler.active).toBe(true);
      await moduleRef.close();
      expect(scheduler.active).toBe(false);
      await jest.advanceTimersByTimeAsync(10_000);
      expect(spy).toHaveBeenCalledTimes(3);
    });

    it('does not schedule when slo.enabled is false', async () => {
      const moduleRef = await Test.createTestingModule({
        imports: [MonitorModule.withSlo({ config: { slo: sloSection } })],
      }).compile();
      await moduleRef.init();
      expect(moduleRef.get(SloEvaluationScheduler).active).toBe(false);
      await moduleRef.close();
    });
  });
});
