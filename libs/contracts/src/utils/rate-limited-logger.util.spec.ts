import { RateLimitedLogger } from './rate-limited-logger.util.js';

describe('RateLimitedLogger', () => {
  const sink = () => {
    const lines: string[] = [];
    return { lines, warn: (line: string) => void lines.push(line) };
  };

  afterEach(() => jest.useRealTimers());

  it('writes one line per cause per window and reports how many it dropped', () => {
    jest.useFakeTimers();
    const out = sink();
    const logger = new RateLimitedLogger(out, { intervalMs: 60_000 });
    const t0 = Date.now();
    for (let i = 0; i < 500; i++) logger.warn('twilio', `Twilio webhook refused (${i})`, t0 + i);
    logger.warn('sendgrid', 'SendGrid webhook refused', t0 + 10);
    expect(out.lines).toEqual(['Twilio webhook refused (0)', 'SendGrid webhook refused']);
    expect(logger.droppedFor('twilio')).toBe(499);

    jest.advanceTimersByTime(60_000); // the window ends: one summary, nothing for a cause that dropped none
    expect(out.lines.slice(2)).toEqual(['twilio: 499 similar warnings dropped in the last 60 s']);
    expect(logger.droppedFor('twilio')).toBe(0);

    // a new window writes again
    expect(logger.warn('twilio', 'Twilio webhook refused (again)', t0 + 61_000)).toBe(true);
    expect(out.lines.at(-1)).toBe('Twilio webhook refused (again)');
  });

  it('reports a window that ended when the next warning of its cause comes, and on close()', () => {
    const out = sink();
    const logger = new RateLimitedLogger(out, { intervalMs: 1000, perInterval: 2 });
    for (let i = 0; i < 5; i++) logger.warn('db', `database down ${i}`, 100 + i);
    logger.warn('db', 'database down later', 2000);
    expect(out.lines).toEqual([
      'database down 0',
      'database down 1',
      'db: 3 similar warnings dropped in the last 1 s',
      'database down later',
    ]);
    logger.warn('db', 'x', 2001);
    logger.warn('db', 'y', 2002);
    logger.close();
    expect(out.lines.slice(4)).toEqual(['x', 'db: 1 similar warning dropped in the last 1 s']);
  });

  it('tracks a bounded number of causes', () => {
    const out = sink();
    const logger = new RateLimitedLogger(out, { maxCauses: 2 });
    logger.warn('a', 'a1', 1);
    logger.warn('a', 'a2', 2);
    logger.warn('b', 'b1', 3);
    logger.warn('c', 'c1', 4); // forgets "a", reporting its count
    expect(out.lines).toEqual(['a1', 'b1', 'a: 1 similar warning dropped in the last 60 s', 'c1']);
    logger.close();
  });
});
