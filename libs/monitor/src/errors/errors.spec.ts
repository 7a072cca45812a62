import { HeraldError } from '@herald/contracts';
import * as errors from './index.js';

describe('monitoring errors', () => {
  it.each(Object.entries(errors))(
    '%s has a stable name and extends MonitoringError',
    (name, Cls) => {
      const error = new (Cls as new (m: string) => Error)('boom');
      expect(error.name).toBe(name);
      expect(error).toBeInstanceOf(errors.MonitoringError);
      expect(error).toBeInstanceOf(HeraldError);
      expect(error.message).toBe('boom');
      expect(typeof (error as HeraldError).code).toBe('string');
    },
  );
});
