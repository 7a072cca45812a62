import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeraldConfig, describeConfigVariables, renderEnvExample } from '@herald/contracts';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ENV_EXAMPLE_HEADING } = require('../scripts/env-example-heading.js');

describe('.env.example', () => {
  const text = readFileSync(join(__dirname, '..', '.env.example'), 'utf8');

  it('lists every configuration variable with its default (regenerate with `npm run env-example`)', () => {
    for (const variable of describeConfigVariables(HeraldConfig)) {
      expect(text).toContain(`# ${variable.env}=`);
    }
    expect(text).toBe(renderEnvExample(HeraldConfig, ENV_EXAMPLE_HEADING));
  });

  it('shows no value for secrets', () => {
    const secrets = describeConfigVariables(HeraldConfig).filter((v) => v.secret);
    expect(secrets.map((s) => s.path)).toEqual(
      expect.arrayContaining([
        'monitor.health.auth_token',
        'monitor.error_tracking.dsn',
        'monitor.prometheus.auth_token',
      ]),
    );
    for (const secret of secrets) expect(text).toMatch(new RegExp(`^# ${secret.env}=$`, 'm'));
  });
});
