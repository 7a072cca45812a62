import { Test } from '@nestjs/testing';
import { ERROR_TRACKER } from '@herald/contracts';
import { MonitorModule } from '../monitor.module.js';
import { FakeSentryServer } from '../testing/index.js';
import { NoopErrorTracker } from './noop-error.tracker.js';
import { SentryErrorTracker } from './sentry-error.tracker.js';

describe('ERROR_TRACKER providers', () => {
  let sentry: FakeSentryServer;
  beforeAll(async () => (sentry = await FakeSentryServer.start()));
  afterAll(() => sentry.close());

  it('is the no-op tracker without a DSN', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [MonitorModule.configure({ config: {} })],
    }).compile();
    expect(moduleRef.get(ERROR_TRACKER)).toBeInstanceOf(NoopErrorTracker);
    await moduleRef.close();
  });

  it('is the no-op tracker in stub() even with a DSN', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [MonitorModule.stub({ errorTracking: { dsn: sentry.dsn } })],
    }).compile();
    expect(moduleRef.get(ERROR_TRACKER)).toBeInstanceOf(NoopErrorTracker);
    await moduleRef.close();
  });

  it('is a Sentry tracker with a DSN, flushed and closed when the module is destroyed', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [MonitorModule.configure({ config: { errorTracking: { dsn: sentry.dsn } } })],
    }).compile();
    const tracker = moduleRef.get(ERROR_TRACKER);
    expect(tracker).toBeInstanceOf(SentryErrorTracker);
    tracker.captureException(new Error('sent before close'));
    await moduleRef.close(); // close() flushes what is pending
    expect(sentry.events.map((e) => e.exception.values[0].value)).toContain('sent before close');
  });
});
