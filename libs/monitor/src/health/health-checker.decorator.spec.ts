import { HealthCheckCategory } from '@herald/contracts';
import { copyMethodMetadata } from '../decorators/wrap-method.util.js';
import { getHealthCheckerMetadata, HealthChecker } from './health-checker.decorator.js';

describe('HealthChecker()', () => {
  it('marks a plain function and returns the same function', () => {
    const fn = () => true;
    expect(HealthChecker('cache')(fn)).toBe(fn);
    expect(getHealthCheckerMetadata(fn)).toEqual({ name: 'cache' });
    expect(getHealthCheckerMetadata(() => true)).toBeUndefined();
  });

  it('records name and options on a method without wrapping it', () => {
    class Checks {
      @HealthChecker('db', {
        category: HealthCheckCategory.LIVENESS,
        critical: false,
        timeoutMs: 50,
      })
      db(): boolean {
        return true;
      }
    }
    const method = Checks.prototype.db;
    expect(new Checks().db()).toBe(true);
    expect(getHealthCheckerMetadata(method)).toEqual({
      name: 'db',
      category: HealthCheckCategory.LIVENESS,
      critical: false,
      timeoutMs: 50,
    });
    // a wrapping decorator applied above it keeps the mark
    const wrapper = function (this: unknown) {
      return method.call(this);
    };
    copyMethodMetadata(method, wrapper);
    expect(getHealthCheckerMetadata(wrapper)?.name).toBe('db');
  });

  it('refuses an empty name', () => {
    expect(() => HealthChecker('')).toThrow(/non-empty/);
  });
});
