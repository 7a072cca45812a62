import { HeraldConfigError, NotificationConfig } from '@herald/contracts';
import { deliverySettingsFrom, workerTimingFrom } from './delivery-settings.util.js';

describe('notification.delivery config', () => {
  it('documents its defaults and converts seconds to milliseconds', () => {
    const config = new NotificationConfig({}).validate().delivery;
    expect(config).toMatchObject({
      enabled: false,
      queue: 'inline',
      redisUrl: 'redis://127.0.0.1:6379',
      store: 'memory',
      retryAttempts: 5,
    });
    expect(deliverySettingsFrom(config)).toEqual({
      retryAttempts: 5,
      retryBaseMs: 1000,
      retryCapMs: 60_000,
      circuitThreshold: 5,
      circuitCooldownMs: 30_000,
      idempotencyWindowMs: 3_600_000,
    });
  });

  it('reports every problem with its path', () => {
    const config = new NotificationConfig({
      delivery: { queue: 'kafka', retryAttempts: 0, retryBase: 10, retryCap: 5 },
    });
    let error: unknown;
    try {
      config.validate('notification');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeraldConfigError);
    const text = String((error as Error).message);
    expect(text).toContain('notification.delivery.queue: must be one of "inline", "bullmq"');
    expect(text).toContain('notification.delivery.retry_attempts: must be between 1 and 100');
    expect(text).toContain('notification.delivery.retry_cap: must be at least retry_base (10)');
    expect(() =>
      new NotificationConfig({ delivery: { queue: 'bullmq', worker: false } }).validate(
        'notification',
      ),
    ).toThrow(/notification\.delivery\.store: a producer-only process/);
    expect(() =>
      new NotificationConfig({
        delivery: { queue: 'bullmq', worker: false, store: 'database' },
      }).validate('notification'),
    ).not.toThrow();
  });

  it("bounds a crashed worker's delay: lock and stalled interval default to 5 s and 4 s (at most 9 s), settable, validated", () => {
    const config = new NotificationConfig({}).validate().delivery;
    expect(workerTimingFrom(config)).toEqual({ lockDurationMs: 5000, stalledIntervalMs: 4000 });
    expect(config).toMatchObject({ sweepAfter: 30, sweepInterval: 10 });
    const set = new NotificationConfig({
      delivery: { lockDuration: 2.5, stalledInterval: '1' },
    }).validate('notification').delivery;
    expect(workerTimingFrom(set)).toEqual({ lockDurationMs: 2500, stalledIntervalMs: 1000 });
    let error: unknown;
    try {
      new NotificationConfig({
        delivery: { lockDuration: 0, stalledInterval: 'soon', sweepAfter: -1, sweepInterval: 1e9 },
      }).validate('notification');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeraldConfigError);
    const text = String((error as Error).message);
    expect(text).toContain('notification.delivery.lock_duration: must be between 1 and 300');
    expect(text).toMatch(/notification\.delivery\.stalled_interval: .*number/);
    expect(text).toContain('notification.delivery.sweep_after: must be between 1 and 86400');
    expect(text).toContain('notification.delivery.sweep_interval: must be between 1 and 3600');
  });
});
