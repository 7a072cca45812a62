import { MissingDependencyError } from '../errors/missing-dependency.error.js';

/**
 * Loads an optional peer dependency on first use. A missing package becomes a
 * `MissingDependencyError` naming it; any other load failure is rethrown as is.
 */
export function requireOptional<T = any>(packageName: string, feature: string): T {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(packageName) as T;
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
    require.resolve(packageName);
    return true;
  } catch {
    return false;
  }
}
