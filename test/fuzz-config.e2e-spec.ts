import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { stringify } from 'yaml';
import {
  describeConfigVariables,
  HeraldConfig,
  HeraldError,
  loadHeraldConfig,
} from '@herald/contracts';
import { plantedConfig } from './helpers/planted-config.js';
import { fuzzAssert, fuzzCount, nastyString, OutputCapture, PLANT } from './helpers/fuzz.js';

/** Generated cases per property; four properties: this file's share of the fuzz budget. */
const RUNS = { env: 1500, yamlValues: 400, yamlText: 400, urls: 200 };

/** A valid configuration with a planted secret in every secret field and URL credentials. */
function baseConfig(urlCredentials = true): Record<string, any> {
  const config: Record<string, any> = plantedConfig(PLANT);
  if (!urlCredentials) {
    config.notification.delivery.redis_url = 'redis://127.0.0.1:6379';
    config.monitor.prometheus.pushgateway_url = 'https://push.example.io';
    config.monitor.slo.alertmanager_url = 'https://alertmanager.example';
  }
  return config;
}

/** The base configuration as HERALD_* variables (lists and sections as JSON). */
function baseEnv(): Record<string, string> {
  const config = baseConfig();
  const env: Record<string, string> = {};
  const walk = (node: Record<string, any>, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      const here = [...path, key];
      if (value && typeof value === 'object' && !Array.isArray(value) && here.length < 3)
        walk(value, here);
      else env[envName(here.join('.'))] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  };
  walk(config, []);
  return env;
}

/** The secret fields of the base configuration (a planted secret may move only inside these). */
const SECRET_PATHS = [
  'notification.sms_backends.0.twilio.auth_token',
  'notification.sms_backends.1.vonage.api_key',
  'notification.sms_backends.1.vonage.api_secret',
  'notification.sms_backends.1.vonage.signature_secret',
  'notification.push_backends.0.fcm.private_key',
  'notification.push_backends.1.apns.private_key',
  'notification.push_backends.2.webpush.vapid_private_key',
  'notification.mailer.backends.0.smtp.password',
  'notification.chat_backends.0.slack.webhook_url',
  'notification.chat_backends.1.slack.bot_token',
  'notification.chat_backends.2.teams.webhook_url',
  'notification.chat_backends.3.discord.webhook_url',
  'notification.chat_backends.4.telegram.bot_token',
  'notification.mailer.backends.1.sendgrid.api_key',
  'notification.mailer.backends.2.postmark.server_token',
  'notification.mailer.backends.3.mailgun.api_key',
  'notification.mailer.backends.4.resend.api_key',
  'monitor.health.auth_token',
  'monitor.prometheus.auth_token',
  'monitor.error_tracking.dsn',
  'monitor.opentelemetry.headers',
];

/** Every URL-typed setting: credentials in them are secrets too (issue 22.7). */
const URL_PATHS = [
  'notification.delivery.redis_url',
  'monitor.prometheus.pushgateway_url',
  'monitor.slo.alertmanager_url',
  'notification.sms_backends.0.twilio.base_url',
  'notification.sms_backends.0.twilio.status_callback_url',
  'notification.sms_backends.1.vonage.base_url',
  'notification.sms_backends.1.vonage.status_callback_url',
  'notification.mailer.backends.1.sendgrid.base_url',
  'notification.mailer.backends.2.postmark.base_url',
  'notification.mailer.backends.3.mailgun.base_url',
  'notification.mailer.backends.4.resend.base_url',
  'notification.push_backends.0.fcm.base_url',
  'notification.push_backends.0.fcm.token_uri',
  'notification.push_backends.1.apns.base_url',
];

const VARIABLES = describeConfigVariables(HeraldConfig as new (init?: object) => object);
/** Every path of the schema, list items by index (the base has up to four items a list). */
const SCHEMA_PATHS = VARIABLES.flatMap((v) =>
  v.itemFields
    ? [0, 1, 2, 3].flatMap((i) => [
        `${v.path}.${i}`,
        ...v.itemFields!.map((field) => `${v.path}.${i}.${field}`),
      ])
    : [v.path],
);
/** Every path that holds no secret. */
const PLAIN_PATHS = SCHEMA_PATHS.filter(
  (p) =>
    !SECRET_PATHS.some((s) => p === s || s.startsWith(`${p}.`)) &&
    !URL_PATHS.some((u) => u === p || u.startsWith(`${p}.`)) &&
    !/(auth_token|private_key|password|api_key|server_key|dsn|headers)$/.test(p),
);

const envName = (path: string) => `HERALD_${path.toUpperCase().split('.').join('__')}`;

/** Any value a file or variable may hold, no planted secret in it. */
const { anyValue } = fc.letrec((tie) => ({
  anyValue: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    nastyString(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(1e20, -1, 0, 0.5, 65536, 1e300),
    fc.array(tie('anyValue'), { maxLength: 3 }),
    fc.dictionary(nastyString(), tie('anyValue'), { maxKeys: 3 }),
  ),
}));

/** A planted secret in a wrong form: a list, a mapping, a number's place, cut JSON, odd characters. */
const secretValue = fc.oneof(
  fc.constant(`${PLANT}-wrong`),
  nastyString().map((s) => `${PLANT}${s}`),
  fc.constant([`${PLANT}-in-a-list`]),
  fc.constant({ nested: `${PLANT}-in-a-mapping` }),
  fc.constant(`{"a":"${PLANT}`),
  fc.constant(`["${PLANT}",`),
  fc.constant(`"${PLANT}\u0000"`),
);

/** The same value as an environment variable's text. */
const asEnvText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');

function setPath(tree: Record<string, any>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: any = tree;
  for (const key of keys.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key];
  }
  node[keys[keys.length - 1]] = value;
}

describe('fuzz: loadHeraldConfig over generated env and YAML', () => {
  let dir: string;
  const output = new OutputCapture();
  const started = Date.now();

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'herald-fuzz-config-'));
    output.start();
  });
  afterAll(() => {
    output.stop();
    rmSync(dir, { recursive: true, force: true });
    process.stdout.write(
      `fuzz-config: ${fuzzCount.cases} generated cases in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  });

  /**
   * Loads, then checks: a valid tree or a `HeraldConfigError` (never a
   * TypeError or another raw error), and no planted secret in the error, in
   * the loaded config printed or serialised, or in anything written.
   */
  function expectTypedAndQuiet(load: () => unknown, what: string): void {
    let shown: string;
    try {
      const config = load();
      shown = `${inspect(config, { depth: 10 })}\n${JSON.stringify(config)}\n${String(config)}`;
    } catch (error) {
      if (!(error instanceof HeraldError))
        throw new Error(`${what}: threw ${inspect(error)} (not a HeraldConfigError)`);
      shown = `${error.message}\n${inspect(error)}\n${JSON.stringify(error)}`;
    }
    const at = shown.indexOf(PLANT);
    if (at !== -1)
      throw new Error(
        `${what}: a planted secret in the output: ...${shown.slice(Math.max(0, at - 120), at + 40)}`,
      );
    output.expectNoPlant(what);
  }

  it('HERALD_* variables with any name and value over variables full of secrets', async () => {
    const base = baseEnv();
    const name = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...SCHEMA_PATHS).map(envName) },
      { weight: 1, arbitrary: fc.constantFrom(...SECRET_PATHS, ...URL_PATHS).map(envName) },
      {
        weight: 1,
        arbitrary: nastyString().map(
          (s) => `HERALD_${s.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`,
        ),
      },
    );
    const plain = fc.dictionary(name, anyValue.map(asEnvText), { minKeys: 1, maxKeys: 4 });
    const secret = fc.dictionary(
      fc.constantFrom(...SECRET_PATHS).map(envName),
      secretValue.map(asEnvText),
      { maxKeys: 2 },
    );
    await fuzzAssert(RUNS.env, plain, secret, async (env, secrets) => {
      const vars = { ...base, ...env, ...secrets };
      expectTypedAndQuiet(
        () => loadHeraldConfig({ env: vars, cwd: dir }),
        `env ${JSON.stringify(Object.keys(vars))}`,
      );
    });
  });

  it('YAML: any value at any path, secrets moved only within secret fields', async () => {
    const file = join(dir, 'values.yaml');
    const change = fc.oneof(
      { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...PLAIN_PATHS), anyValue) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...SECRET_PATHS), secretValue) },
    );
    await fuzzAssert(
      RUNS.yamlValues,
      fc.array(change, { minLength: 1, maxLength: 3 }),
      async (changes) => {
        const tree = baseConfig();
        for (const [path, value] of changes) setPath(tree, path, value);
        writeFileSync(file, stringify(tree));
        expectTypedAndQuiet(
          () => loadHeraldConfig({ env: {}, file, cwd: dir }),
          `YAML ${changes.map(([p]) => p).join(', ')}`,
        );
      },
    );
  });

  it('YAML text broken anywhere (quotes, brackets, indentation, anchors, tabs)', async () => {
    const file = join(dir, 'broken.yaml');
    // URL credentials are left to the URL property (a cut URL is issue 22.7's)
    const text = stringify(baseConfig(false));
    const edit = fc.tuple(
      fc.nat({ max: text.length }),
      fc.nat({ max: 8 }),
      fc.oneof(
        fc.constantFrom(
          '"',
          "'",
          '[',
          '{',
          ']',
          '}',
          ':',
          '\t',
          '- ',
          '|',
          '>',
          '&a',
          '*a',
          '!!binary ',
          '? ',
          '\\u',
          '%YAML 9\n',
          '---\n',
          '\n  ',
          '#',
        ),
        nastyString(),
      ),
    );
    await fuzzAssert(
      RUNS.yamlText,
      fc.array(edit, { minLength: 1, maxLength: 3 }),
      async (edits) => {
        let broken = text;
        for (const [at, remove, insert] of edits)
          broken =
            broken.slice(0, at) + insert + broken.slice(Math.min(broken.length, at + remove));
        // an edit that cut a secret short or glued it to a neighbouring field makes no other secret
        if (!plantsStayInSecretLines(broken)) return;
        writeFileSync(file, broken);
        expectTypedAndQuiet(
          () => loadHeraldConfig({ env: {}, file, cwd: dir }),
          `YAML text edits ${JSON.stringify(edits)}`,
        );
      },
    );
  });

  it('URL settings holding credentials in any form, from YAML or env (issue 22.7)', async () => {
    const file = join(dir, 'urls.yaml');
    const credentialUrl = fc.constantFrom(
      `redis://:${PLANT}-pw@127.0.0.1:6379`,
      `https://user:${PLANT}-pw@host.example`,
      `user:${PLANT}-pw@host.example:6379`,
      `//user:${PLANT}-pw@host.example`,
      `https://user:${PLANT}-pw@[bad-host`,
      `http://host.example/?token=${PLANT}-tk&x=1`,
      `https://host.example/hook?signature=${PLANT}-sig`,
      `redis://${PLANT}-pw@`,
      `redis+cluster://:${PLANT}-pw@10.0.0.1:7000,10.0.0.2:7001`,
      `redis+cluster://:${PLANT}-pw@10.0.0.1:7000,10.0.0.2:port/0`,
      `redis+sentinel://user:${PLANT}-pw@10.0.0.1:26379,10.0.0.2`,
      `rediss+sentinel://:${PLANT}-pw@10.0.0.1:26379/mymaster/x`,
      `not a url ${PLANT}-pw`,
    );
    const form = fc.constantFrom('string', 'list', 'mapping', 'env');
    await fuzzAssert(
      RUNS.urls,
      fc.constantFrom(...URL_PATHS),
      credentialUrl,
      form,
      async (path, url, how) => {
        const tree = baseConfig();
        // the base's well-formed URL credentials stay (they must be redacted too)
        const value = how === 'list' ? [url] : how === 'mapping' ? { url } : url;
        if (how !== 'env') setPath(tree, path, value);
        writeFileSync(file, stringify(tree));
        const env = how === 'env' ? { [envName(path)]: url } : {};
        expectTypedAndQuiet(
          () => loadHeraldConfig({ env, file, cwd: dir }),
          `${path} as ${how}: ${url.replace(PLANT, '<planted>')}`,
        );
      },
    );
  });
});

/**
 * Whether every planted secret in `text` still sits on a line of a secret
 * field (or of a URL with credentials), whole: an edit may otherwise turn a
 * secret into the value of a plain field, which is then rightly quoted.
 */
function plantsStayInSecretLines(text: string): boolean {
  const secretKey =
    /^\s*(-\s+)?(auth_token|private_key|password|api_key|vapid_private_key|dsn|authorization):\s/;
  const lines = text.split('\n');
  let inBlock = false;
  for (const line of lines) {
    if (/^\s*(-\s+)?private_key:\s*[|>]/.test(line)) {
      inBlock = true;
      continue;
    }
    if (inBlock && /^\s{4,}/.test(line) && !/^\s*\w+:/.test(line)) {
      continue;
    }
    inBlock = false;
    if (line.includes(PLANT) && !secretKey.test(line)) return false;
  }
  return true;
}
