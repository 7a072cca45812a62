import { ConfigSection } from '@herald/contracts';
import { toSnakeCase } from '@herald/contracts/internal';

/**
 * Names for the named tokens of a module, known without reading anything:
 * those of the backends in the config given in code (`key` in camelCase or
 * snake_case, or a config class), then the `listed` ones, each once.
 */
export function backendNamesIn(
  config: unknown,
  key: string,
  listed: readonly string[] = [],
): string[] {
  const source = config as Record<string, unknown> | undefined;
  const list =
    source === null || typeof source !== 'object'
      ? undefined
      : source instanceof ConfigSection
        ? source[key as keyof typeof source]
        : (source[key] ?? source[toSnakeCase(key)]);
  const inCode = (Array.isArray(list) ? list : [])
    .map((b) => (b as { name?: unknown } | null)?.name)
    .filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  return [...new Set([...inCode, ...listed])];
}
