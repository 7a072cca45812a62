import { createRequire } from 'node:module';
import { MissingDependencyError } from '../errors/missing-dependency.error.js';

/**
 * `require` for an ES module: optional peers are loaded synchronously on first use (a
 * package that is ESM-only, as Nest 12's are, arrives through `require(esm)`, Node
 * 20.19+/22.12+), resolved from Herald's own location as a CommonJS `require` would be.
 */
export const heraldRequire: NodeJS.Require = createRequire(import.meta.url);

/**
 * Loads an optional peer dependency on first use. A missing package becomes a
 * `MissingDependencyError` naming it; any other load failure is rethrown as is.
 */
export function requireOptional<T = any>(packageName: string, feature: string): T {
  try {
    return heraldRequire(packageName) as T;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException)?.code;
    const message = String((error as Error)?.message ?? '');
    if (code === 'MODULE_NOT_FOUND' && message.includes(`'${packageName}'`)) {
      throw new MissingDependencyError(packageName, feature, error);
    }
    throw error;
  }
}

/** True when the optional package can be loaded. */
export function isOptionalAvailable(packageName: string): boolean {
  try {
    heraldRequire.resolve(packageName);
    return true;
  } catch {
    return false;
  }
}
