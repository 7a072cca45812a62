import { HeraldConfigError } from '@herald/contracts';

/**
 * The error of a backend whose `driver` is none of `allowed` (a config built
 * in code and never validated): a `HeraldConfigError` naming the backend, the
 * value and the drivers that exist.
 */
export function unknownDriverError(
  listPath: string,
  backend: { name: string; driver: unknown },
  allowed: readonly string[],
): HeraldConfigError {
  return new HeraldConfigError([
    {
      path: `${listPath}[${JSON.stringify(backend.name)}].driver`,
      message: `must be one of ${allowed.map((d) => `"${d}"`).join(', ')} (got ${JSON.stringify(backend.driver)})`,
    },
  ]);
}
