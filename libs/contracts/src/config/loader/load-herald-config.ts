import { isAbsolute, resolve } from 'node:path';
import { HeraldConfigError, type ConfigProblem } from '../../errors/herald-config.error.js';
import { HeraldConfig } from '../herald.config.js';
import { envLayers } from './env-source.js';
import { describeJsonSyntaxError } from './json-syntax.util.js';
import { mergeLayers, normalizeLayer } from './layer.util.js';
import { existsSync, profileFileOf, readYamlLayer } from './yaml-source.js';

export interface LoadHeraldConfigOptions {
  /** Environment to read `HERALD_*` variables from. @default process.env */
  env?: Record<string, string | undefined>;
  /** YAML file. @default env HERALD_CONFIG_FILE, else `config/app.yaml` when it exists */
  file?: string;
  /** Profile overlay: `production` reads `config/app.production.yaml`. @default env HERALD_PROFILE */
  profile?: string;
  /** Values from code (camelCase or snake_case keys); highest precedence. */
  overrides?: object;
  /** Directory relative paths are resolved against. @default process.cwd() */
  cwd?: string;
}

export const DEFAULT_CONFIG_FILE = 'config/app.yaml';

/**
 * Loads the whole Herald configuration. Sources, lowest to highest precedence:
 * defaults → the YAML file → the profile overlay → `HERALD_*` environment
 * variables → `overrides`. Returns the validated tree `{ notification, monitor }`
 * or throws one `HeraldConfigError` listing every problem as `path: message`.
 *
 * @example ConfigModule.forRoot({ load: [() => loadHeraldConfig()] })
 */
export function loadHeraldConfig(options: LoadHeraldConfigOptions = {}): HeraldConfig {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const layers: Array<{ name?: string; layer: unknown }> = [];

  const explicitFile = options.file ?? env.HERALD_CONFIG_FILE;
  const file = explicitFile ? abs(explicitFile) : abs(DEFAULT_CONFIG_FILE);
  if (explicitFile && !existsSync(file)) {
    throw new HeraldConfigError([{ path: explicitFile, message: 'config file not found' }]);
  }
  if (existsSync(file)) layers.push({ layer: readYamlLayer(file) });

  const profile = options.profile ?? env.HERALD_PROFILE;
  if (profile) {
    if (!/^[A-Za-z0-9_-]+$/.test(profile)) {
      throw new HeraldConfigError([
        {
          path: 'HERALD_PROFILE',
          message: `must be a plain name such as "production" (got ${JSON.stringify(profile)})`,
        },
      ]);
    }
    const profileFile = profileFileOf(file, profile);
    if (existsSync(profileFile)) layers.push({ layer: readYamlLayer(profileFile) });
  }

  layers.push(...envLayers(env));
  if (options.overrides) layers.push({ layer: options.overrides });

  // A JSON-shaped value that does not parse is reported by where it came from
  // (the variable, else the config path) and its position, never quoted.
  const problems: ConfigProblem[] = [];
  const merged = layers.reduce<unknown>(
    (acc, { name, layer }) =>
      mergeLayers(
        acc,
        normalizeLayer(layer, HeraldConfig, (path, text) =>
          problems.push({ path: name ?? path, message: describeJsonSyntaxError(text) }),
        ),
      ),
    {},
  );
  const config = new HeraldConfig(merged as object);
  problems.push(...config.collectProblems());
  if (problems.length > 0) throw new HeraldConfigError(problems);
  return config;
}
