/** Environment variables the loader itself reads; they are not configuration fields. */
export const RESERVED_ENV = new Set(['HERALD_CONFIG_FILE', 'HERALD_PROFILE']);
export const ENV_PREFIX = 'HERALD_';
const SECTIONS = new Set(['notification', 'monitor']);

/** One `HERALD_*` variable as a configuration layer. */
export interface EnvLayer {
  /** The variable, e.g. `HERALD_MONITOR__TRACING__SAMPLE_RATE`: what a problem with it names. */
  name: string;
  layer: Record<string, unknown>;
}

/**
 * Turns `HERALD_MONITOR__TRACING__SAMPLE_RATE=0.5` style variables into a
 * nested object (`{ monitor: { tracing: { sample_rate: '0.5' } } }`). Levels
 * are split on `__` and lower-cased; list items are addressed by index. Each
 * variable becomes its own small layer, shallowest first, so a whole list given
 * as JSON can then be patched item by item.
 */
export function envLayers(env: Record<string, string | undefined>): EnvLayer[] {
  const entries = Object.entries(env)
    .filter(
      ([name, value]) =>
        name.startsWith(ENV_PREFIX) && !RESERVED_ENV.has(name) && value !== undefined,
    )
    .map(([name, value]) => ({
      name,
      path: name.slice(ENV_PREFIX.length).toLowerCase().split('__'),
      value: value as string,
    }))
    .filter(({ path }) => SECTIONS.has(path[0]) && path.every((segment) => segment !== ''))
    .sort((a, b) => a.path.length - b.path.length);
  return entries.map(({ name, path, value }) => {
    const root: Record<string, unknown> = {};
    let node = root;
    path.slice(0, -1).forEach((segment) => {
      const next: Record<string, unknown> = {};
      node[segment] = next;
      node = next;
    });
    node[path[path.length - 1]] = value;
    return { name, layer: root };
  });
}
