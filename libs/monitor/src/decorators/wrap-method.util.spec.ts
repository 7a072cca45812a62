import 'reflect-metadata';
import { wrapMethod } from './wrap-method.util.js';

function Recorded(log: string[]): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) =>
    wrapMethod(descriptor, {
      before: (_self, args) => args.length,
      onSettled: (count, error, failed, result) =>
        log.push(`${count}:${failed ? (error as Error).message : String(result)}`),
    });
}

/** Like Nest's `@Get()`: metadata stored on the method function itself. */
const Path =
  (path: string): MethodDecorator =>
  (_target, _key, descriptor: PropertyDescriptor) => {
    Reflect.defineMetadata('path', path, descriptor.value);
    return descriptor;
  };

describe('wrapMethod', () => {
  it('wraps sync and async methods, keeps this, metadata, name and rethrows', async () => {
    const log: string[] = [];
    class Service {
      factor = 2;
      @Recorded(log)
      @Path('/x')
      double(n: number) {
        return n * this.factor;
      }
      @Recorded(log)
      async later(n: number) {
        return n + 1;
      }
      @Recorded(log)
      boom(): never {
        throw new Error('sync boom');
      }
      @Recorded(log)
      async reject(): Promise<never> {
        throw new Error('async boom');
      }
    }
    const s = new Service();
    expect(s.double(4)).toBe(8);
    await expect(s.later(1)).resolves.toBe(2);
    expect(() => s.boom()).toThrow('sync boom');
    await expect(s.reject()).rejects.toThrow('async boom');
    expect(log).toEqual(['1:8', '1:2', '0:sync boom', '0:async boom']);
    expect(Reflect.getMetadata('path', Service.prototype.double)).toBe('/x');
    expect(Service.prototype.double.name).toBe('double');
  });
});
