import { RequestDeadlines } from './request-deadlines.util.js';

describe('RequestDeadlines: the time limits of in-flight requests on one timer', () => {
  let deadlines: RequestDeadlines;
  beforeEach(() => {
    jest.useFakeTimers();
    deadlines = new RequestDeadlines();
  });
  afterEach(() => {
    deadlines.close();
    jest.useRealTimers();
  });

  it('expires a request once its time has passed, not before', () => {
    const expire = jest.fn();
    deadlines.add(1000, expire);
    jest.advanceTimersByTime(999);
    expect(expire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('does not expire a request cleared before its time', () => {
    const expire = jest.fn();
    deadlines.clear(deadlines.add(1000, expire));
    jest.advanceTimersByTime(5000);
    expect(expire).not.toHaveBeenCalled();
  });

  it('expires each of many requests at its own time, later ones after the timer fired once', () => {
    const order: string[] = [];
    deadlines.add(1000, () => order.push('a'));
    jest.advanceTimersByTime(400);
    deadlines.add(1000, () => order.push('b'));
    jest.advanceTimersByTime(600);
    expect(order).toEqual(['a']);
    jest.advanceTimersByTime(399);
    expect(order).toEqual(['a']);
    jest.advanceTimersByTime(1);
    expect(order).toEqual(['a', 'b']);
  });

  it('re-arms for a request with an earlier limit than the armed one', () => {
    const slow = jest.fn();
    const quick = jest.fn();
    deadlines.add(10_000, slow);
    deadlines.add(100, quick);
    jest.advanceTimersByTime(100);
    expect(quick).toHaveBeenCalledTimes(1);
    expect(slow).not.toHaveBeenCalled();
    jest.advanceTimersByTime(9900);
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it('forgets every limit on close', () => {
    const expire = jest.fn();
    deadlines.add(1000, expire);
    deadlines.close();
    jest.advanceTimersByTime(5000);
    expect(expire).not.toHaveBeenCalled();
  });
});
