import { HeraldValueError } from '../errors/herald-value.error.js';
import { isThenable } from '../utils/is-thenable.util.js';
/**
 * Replaces a method with `wrapper` while keeping everything Nest and other
 * libraries attached to the original: every reflect-metadata key (routes,
 * guards, `@OnEvent`, pipes...), the function name and its length. Without
 * this, a method decorator applied above `@Get()` silently unregisters the
 * route (the nestjs-otel issues #165, #228, #502).
 */
export function copyMethodMetadata(
  original: (...args: any[]) => any,
  wrapper: (...args: any[]) => any,
): void {
  for (const key of Reflect.getMetadataKeys(original)) {
    Reflect.defineMetadata(key, Reflect.getMetadata(key, original), wrapper);
  }
  Object.defineProperty(wrapper, 'name', { value: original.name, configurable: true });
  Object.defineProperty(wrapper, 'length', { value: original.length, configurable: true });
}

/** Hooks around one call. `onSettled` runs once, after a sync return, a resolved promise or a throw/rejection. */
export interface CallHooks<S> {
  /** Runs before the call; its result is handed to `onSettled`. */
  before(self: unknown, args: unknown[]): S;
  onSettled(state: S, error: unknown, failed: boolean, result: unknown): void;
  /** Optionally runs the call itself (e.g. inside a span context). @default call() */
  run?(state: S, call: () => unknown): unknown;
}

/**
 * Wraps `descriptor.value` with `hooks`, for sync and async methods alike: an
 * async result is awaited before `onSettled`, and errors are rethrown untouched.
 */
export function wrapMethod<S>(
  descriptor: PropertyDescriptor,
  hooks: CallHooks<S>,
): PropertyDescriptor {
  const original = descriptor.value as (...args: any[]) => any;
  if (typeof original !== 'function') {
    throw new HeraldValueError(
      `This decorator can only be applied to methods (got ${original === null ? 'null' : typeof original}); put @Traced/@Metered/@Monitor on a method, not on a property or accessor.`,
    );
  }
  const wrapper = function (this: unknown, ...args: unknown[]): unknown {
    const state = hooks.before(this, args);
    const call = () => original.apply(this, args);
    let result: unknown;
    try {
      result = hooks.run ? hooks.run(state, call) : call();
    } catch (error) {
      hooks.onSettled(state, error, true, undefined);
      throw error;
    }
    if (isThenable(result)) {
      return Promise.resolve(result).then(
        (value) => {
          hooks.onSettled(state, undefined, false, value);
          return value;
        },
        (error: unknown) => {
          hooks.onSettled(state, error, true, undefined);
          throw error;
        },
      );
    }
    hooks.onSettled(state, undefined, false, result);
    return result;
  };
  copyMethodMetadata(original, wrapper);
  descriptor.value = wrapper;
  return descriptor;
}
