import { ALERT_FIRED_EVENT } from '@herald/contracts';
import { LoggingAlertDispatcher, alertLogLevel } from './logging-alert.dispatcher.js';
import { formatAlertContext } from './format-alert-context.util.js';

function recordingLogger() {
  const lines: Array<{ level: 'warn' | 'error'; text: string }> = [];
  return {
    lines,
    warn: (text: string) => lines.push({ level: 'warn', text }),
    error: (text: string) => lines.push({ level: 'error', text }),
  };
}

describe('LoggingAlertDispatcher', () => {
  it.each([
    ['low', 'warn'],
    ['medium', 'warn'],
    ['high', 'error'],
    ['critical', 'error'],
    ['CRITICAL', 'error'],
    ['info', 'warn'],
  ])('severity %s logs at %s', async (severity, level) => {
    const logger = recordingLogger();
    await new LoggingAlertDispatcher({ logger }).sendAlert('Disk', 'almost full', severity);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0].level).toBe(level);
    expect(alertLogLevel(severity)).toBe(level);
  });

  it('writes the context as key=value pairs, quoting values with spaces and redacting secrets', async () => {
    const logger = recordingLogger();
    await new LoggingAlertDispatcher({ logger }).sendAlert('Disk full', 'at 97%', 'high', {
      host: 'db1',
      usage: 0.97,
      note: 'needs "care"',
      apiKey: 'sk-123',
      skipped: undefined,
    });
    const { text } = logger.lines[0];
    expect(text).toBe(
      'alert title="Disk full" severity=high message="at 97%" host=db1 usage=0.97 note="needs \\"care\\"" apiKey=[REDACTED]',
    );
    expect(text).not.toContain('sk-123');
    expect(text).not.toContain('skipped');
  });

  it.each([
    [150, 100, 'warn'],
    [200, 100, 'warn'], // exactly 100 % over: still a warning
    [200.5, 100, 'error'],
    [350, 100, 'error'],
    [50, 100, 'warn'],
  ])('metric alert value %d over threshold %d logs at %s', async (value, threshold, level) => {
    const logger = recordingLogger();
    await new LoggingAlertDispatcher({ logger }).sendMetricAlert('queue.depth', value, threshold, {
      queue: 'mail',
    });
    expect(logger.lines[0].level).toBe(level);
    expect(logger.lines[0].text).toContain(`currentValue=${value}`);
    expect(logger.lines[0].text).toContain(`threshold=${threshold}`);
    expect(logger.lines[0].text).toContain('queue=mail');
  });

  it('emits ALERT_FIRED_EVENT with the alert name and severity for every alert', async () => {
    const events: unknown[] = [];
    const emitter = { emit: (name: string, payload: unknown) => events.push([name, payload]) };
    const dispatcher = new LoggingAlertDispatcher({ logger: recordingLogger(), emitter });
    await dispatcher.sendAlert('Disk', 'full', 'high');
    await dispatcher.sendAlert('SLO x violated', 'slow', 'critical', { alertName: 'x' });
    await dispatcher.sendMetricAlert('queue.depth', 500, 100);
    expect(events).toEqual([
      [ALERT_FIRED_EVENT, { alertName: 'Disk', severity: 'high' }],
      [ALERT_FIRED_EVENT, { alertName: 'x', severity: 'critical' }],
      [ALERT_FIRED_EVENT, { alertName: 'queue.depth', severity: 'critical' }],
    ]);
  });

  it('formats dates and objects', () => {
    expect(formatAlertContext({ at: new Date(0), tags: { a: 1 } })).toBe(
      'at=1970-01-01T00:00:00.000Z tags="{\\"a\\":1}"',
    );
  });
});
