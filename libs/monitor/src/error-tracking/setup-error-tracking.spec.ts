import { HeraldConfigError } from '@herald/contracts';
import { requireOptional } from '@herald/contracts/internal';
import { FakeSentryServer } from '../testing/index.js';
import { NoopErrorTracker } from './noop-error.tracker.js';
import { SentryErrorTracker } from './sentry-error.tracker.js';
import { setupErrorTracking } from './setup-error-tracking.js';

function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    log: (m: string) => lines.push(`log ${m}`),
    warn: (m: string) => lines.push(`warn ${m}`),
    error: (m: string) => lines.push(`error ${m}`),
  };
}

describe('setupErrorTracking', () => {
  it.each([undefined, '', '   '])(
    'DSN %p gives the no-op tracker, which logs locally',
    async (dsn) => {
      const logger = recordingLogger();
      const tracker = setupErrorTracking({ dsn }, { logger });
      expect(tracker).toBeInstanceOf(NoopErrorTracker);
      expect(tracker.captureException(new TypeError('bad input'))).toBeUndefined();
      expect(logger.lines[0]).toBe('error unhandled exception TypeError: bad input');
      await expect(tracker.flush()).resolves.toBe(true);
    },
  );

  it('validates traces_sample_rate (0..1)', () => {
    expect(() => setupErrorTracking({ tracesSampleRate: 1.5 })).toThrow(HeraldConfigError);
    expect(() => setupErrorTracking({ tracesSampleRate: -0.1 })).toThrow(
      'monitor.error_tracking.traces_sample_rate: must be between 0 and 1',
    );
  });

  it('warns and falls back to the no-op tracker when the DSN is set but the SDK is missing', () => {
    const logger = recordingLogger();
    const tracker = setupErrorTracking(
      { dsn: 'https://secretkey@o1.ingest.example/1' },
      { logger, loadSdk: () => requireOptional('@sentry/not-installed-herald', 'Error tracking') },
    );
    expect(tracker).toBeInstanceOf(NoopErrorTracker);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]).toMatch(
      /^warn monitor\.error_tracking\.dsn is set but Error tracking needs the optional package "@sentry\/not-installed-herald"/,
    );
    expect(logger.lines[0]).not.toContain('secretkey');
  });

  describe('with @sentry/nestjs and a local envelope server', () => {
    let sentry: FakeSentryServer;
    beforeAll(async () => (sentry = await FakeSentryServer.start()));
    afterAll(() => sentry.close());
    beforeEach(() => sentry.clear());

    const context = {
      request: {
        method: 'POST',
        url: 'http://app/orders',
        headers: { authorization: 'Bearer abc', cookie: 'sid=1', accept: 'text/html' },
        cookies: { sid: '1' },
        env: { REMOTE_ADDR: '192.0.2.9' },
      },
      user: { ip_address: '192.0.2.9', email: 'eve@example.com' },
    };

    it('sends the exception with its environment; scrubs PII when send_default_pii is false', async () => {
      const tracker = setupErrorTracking({ dsn: sentry.dsn, environment: 'staging' });
      expect(tracker).toBeInstanceOf(SentryErrorTracker);
      const id = tracker.captureException(new RangeError('limit for eve@example.com'), context);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      await expect(tracker.flush(2000)).resolves.toBe(true);
      const [event] = await sentry.waitForEvents(1);
      await (tracker as SentryErrorTracker).close();
      expect(event.event_id).toBe(id);
      expect(event.environment).toBe('staging');
      expect(event.exception.values[0]).toMatchObject({
        type: 'RangeError',
        value: 'limit for [email]',
      });
      expect(event.request.headers).toEqual({ accept: 'text/html' });
      expect(event.user).toBeUndefined();
      expect(event.request.cookies).toBeUndefined();
      // Stack frames carry this file's source lines (ContextLines), which quote the PII on purpose.
      const text = JSON.stringify({ ...event, exception: undefined });
      expect(text).not.toContain('192.0.2.9');
      expect(text).not.toContain('sid=1');
      expect(text).not.toContain('Bearer abc');
      expect(text).not.toContain('eve@example.com');
    });

    it('keeps them when send_default_pii is true', async () => {
      const tracker = setupErrorTracking({ dsn: sentry.dsn, sendDefaultPii: true });
      tracker.captureException(new Error('kept for eve@example.com'), context);
      const [event] = await sentry.waitForEvents(1);
      await (tracker as SentryErrorTracker).close();
      expect(event.environment).toBe('production');
      expect(event.exception.values[0].value).toBe('kept for eve@example.com');
      expect(event.user).toMatchObject({ ip_address: '192.0.2.9', email: 'eve@example.com' });
      expect(event.request.headers.authorization).toBe('Bearer abc');
    });
  });
});
