import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { stringify } from 'yaml';
import {
  getConfigFields,
  HeraldConfig,
  HeraldConfigError,
  loadHeraldConfig,
} from '@herald/contracts';
import { isSecretKey, isUrlKey, toSnakeCase } from '@herald/contracts/internal';

/** Every planted secret starts with this, so any leak (even a truncated one) is found. */
import { plantedConfig } from './helpers/planted-config.js';

const MARK = 'S3CR1T';

/** A valid configuration with a recognisable secret in every secret field (and URL credentials). */
const baseConfig = () => plantedConfig(MARK);

type Config = ReturnType<typeof baseConfig> & Record<string, any>;

interface Scenario {
  /** What goes wrong. */
  name: string;
  /** Changes the YAML config (an object, or the YAML text to write as is). */
  yaml?: (config: Config) => Config | string;
  env?: (config: Config) => Record<string, string>;
  /** What the error must say (the path or variable, and the problem). */
  expected: string[];
}

const json = (value: unknown) => JSON.stringify(value);

const SCENARIOS: Scenario[] = [
  {
    name: 'a backend list variable that is not JSON (cut short)',
    env: (c) => ({
      HERALD_NOTIFICATION__SMS_BACKENDS: json(c.notification.sms_backends).slice(0, -3),
    }),
    expected: ['HERALD_NOTIFICATION__SMS_BACKENDS: is not valid JSON', 'at position'],
  },
  {
    name: 'a backend list variable with a bare word after the secrets',
    env: (c) => ({
      HERALD_NOTIFICATION__PUSH_BACKENDS: json(c.notification.push_backends).replace(
        '"driver":"webpush"',
        '"driver":webpush',
      ),
    }),
    expected: ['HERALD_NOTIFICATION__PUSH_BACKENDS: is not valid JSON', 'at position'],
  },
  {
    name: 'a nested backend list variable with a trailing comma',
    env: (c) => ({
      HERALD_NOTIFICATION__MAILER__BACKENDS: `${json(c.notification.mailer.backends).slice(0, -1)},]`,
    }),
    expected: ['HERALD_NOTIFICATION__MAILER__BACKENDS: is not valid JSON'],
  },
  {
    name: 'a driver section variable that is not JSON',
    env: () => ({
      HERALD_NOTIFICATION__SMS_BACKENDS__0__TWILIO: `{"account_sid": "AC1", "auth_token": "${MARK}-env-token", }`,
    }),
    expected: ['HERALD_NOTIFICATION__SMS_BACKENDS__0__TWILIO: is not valid JSON'],
  },
  {
    name: 'a secret headers variable that is not JSON',
    env: () => ({
      HERALD_MONITOR__OPENTELEMETRY__HEADERS: `{"authorization": "Bearer ${MARK}-env-otlp`,
    }),
    expected: ['HERALD_MONITOR__OPENTELEMETRY__HEADERS: is not valid JSON'],
  },
  {
    name: 'malformed YAML: an unterminated quote on a secret',
    yaml: (c) => stringify(c).replace(`password: ${MARK}`, `password: "${MARK}`),
    expected: ['malformed YAML'],
  },
  {
    name: 'malformed YAML: an unclosed flow sequence holding a secret',
    yaml: (c) => stringify(c).replace(`api_key: ${MARK}-sendgrid-api-key`, `api_key: [${MARK}, x`),
    expected: ['malformed YAML'],
  },
  {
    name: 'malformed YAML: a bad escape and a block scalar header made of a secret',
    yaml: (c) =>
      stringify(c)
        .replace(`auth_token: ${MARK}-twilio-auth-token`, `auth_token: "\\u${MARK}"`)
        .replace(`vapid_private_key: ${MARK}-vapid-private-key`, `vapid_private_key: |${MARK}\n`),
    expected: ['malformed YAML'],
  },
  {
    name: 'wrong types: a secret as a list, a section as a string, a list item as a string',
    yaml: (c) => {
      c.notification.sms_backends[0].twilio!.auth_token = [`${MARK}-in-a-list`] as any;
      (c.notification.mailer.backends[1] as any).sendgrid = `${MARK}-sendgrid-as-a-string`;
      (c.notification.push_backends as any[]).push(`${MARK}-a-bare-item`);
      return c;
    },
    expected: [
      'notification.sms_backends[0].twilio.auth_token: must be a string',
      'notification.mailer.backends[1].sendgrid: must be an object',
      'notification.push_backends[3]',
    ],
  },
  {
    name: 'wrong types: a list as a mapping, a secret mapping as a list',
    yaml: (c) => {
      (c.notification as any).sms_backends = { twilio: { auth_token: `${MARK}-in-a-mapping` } };
      (c.monitor.opentelemetry as any).headers = [`${MARK}-header-in-a-list`];
      return c;
    },
    expected: [
      'notification.sms_backends: must be a list',
      'monitor.opentelemetry.headers: must be a mapping',
    ],
  },
  {
    name: 'unknown fields holding secrets',
    yaml: (c) => {
      (c.notification.sms_backends[0].twilio as any).auth_tokn = `${MARK}-typo`;
      (c.notification as any).smtp_password = `${MARK}-misplaced`;
      return c;
    },
    expected: [
      'notification.sms_backends[0].twilio.auth_tokn: unknown field',
      'notification.smtp_password: unknown field',
    ],
  },
  {
    name: 'invalid values next to the secrets',
    yaml: (c) => {
      c.notification.sms_backends[0].twilio!.from_number = '5550006';
      c.notification.mailer.backends[0].driver = 'mandrill';
      (c.monitor as any).tracing = { sample_rate: 7 };
      return c;
    },
    expected: [
      'notification.sms_backends[0].twilio.from_number: must be a phone number in E.164 form',
      'notification.mailer.backends[0].driver: must be one of',
      'monitor.tracing.sample_rate: must be between 0 and 1',
    ],
  },
  {
    name: 'an invalid Sentry DSN (no project id)',
    yaml: (c) => {
      c.monitor.error_tracking.dsn = `https://${MARK}dsnkey@o1.ingest.example.io/`;
      return c;
    },
    expected: ['monitor.error_tracking.dsn: must be a Sentry DSN'],
  },
  {
    name: 'an invalid Sentry DSN (not a URL)',
    env: () => ({ HERALD_MONITOR__ERROR_TRACKING__DSN: `${MARK} is my dsn` }),
    expected: ['monitor.error_tracking.dsn: must be a Sentry DSN'],
  },
  {
    name: 'an invalid Sentry DSN (wrong scheme)',
    env: () => ({
      HERALD_MONITOR__ERROR_TRACKING__DSN: `ftp://${MARK}dsnkey@o1.ingest.example.io/42`,
    }),
    expected: ['monitor.error_tracking.dsn: must be a Sentry DSN'],
  },
  {
    name: 'missing required fields next to the secrets',
    yaml: (c) => {
      delete (c.notification.sms_backends[0].twilio as any).account_sid;
      delete (c.notification.push_backends[1].apns as any).team_id;
      delete (c.notification.mailer.backends[1].sendgrid as any).api_key;
      return c;
    },
    expected: [
      'notification.sms_backends[0].twilio.account_sid: is required',
      'notification.push_backends[1].apns.team_id: is required',
      'notification.mailer.backends[1].sendgrid.api_key: is required',
    ],
  },
  {
    name: 'the legacy FCM server key',
    yaml: (c) => {
      (c.notification.push_backends[0].fcm as any).server_key = `${MARK}-fcm-server-key`;
      return c;
    },
    expected: ['notification.push_backends[0].fcm.server_key: the legacy FCM server key API'],
  },
  {
    name: 'URL settings given as YAML lists and objects',
    yaml: (c) => {
      const list = (what: string) => [
        `https://user:${MARK}-${what}@host.example:9000/?token=${MARK}`,
      ];
      const object = (what: string) => ({
        url: `https://host.example`,
        password: `${MARK}-${what}`,
      });
      c.monitor.prometheus.pushgateway_url = list('pushgateway') as any;
      (c.monitor as any).slo = {
        alertmanager_url: object('alertmanager'),
        slack_webhook_url: list('slack-alerts'),
        teams_webhook_url: object('teams-alerts'),
        pagerduty_url: list('pagerduty'),
        slos: [{ name: 'api', metric: 'http_ms', runbook_url: list('runbook') }],
      };
      (c.monitor as any).opentelemetry.endpoint = object('otlp');
      (c.monitor.error_tracking as any).dsn = list('dsn');
      (c.notification.delivery as any).redis_url = list('redis');
      Object.assign(c.notification.sms_backends[0].twilio!, {
        base_url: object('twilio'),
        status_callback_url: list('callback'),
      });
      Object.assign((c.notification.sms_backends as any[])[1].vonage, {
        base_url: object('vonage'),
        status_callback_url: list('vonage-dlr'),
      });
      Object.assign(c.notification.push_backends[0].fcm!, {
        token_uri: list('token-uri'),
        base_url: object('fcm'),
      });
      (c.notification.push_backends[1].apns as any).base_url = list('apns');
      (c.notification.mailer.backends[1].sendgrid as any).base_url = object('sendgrid');
      (c.notification.mailer.backends[2].postmark as any).base_url = list('postmark');
      (c.notification.mailer.backends[3].mailgun as any).base_url = object('mailgun');
      (c.notification.mailer.backends[4].resend as any).base_url = list('resend');
      (c.notification.mailer.backends[5] as any).ses.endpoint = list('ses');
      const chat = c.notification.chat_backends as any[];
      chat[0].slack.webhook_url = object('slack-hook');
      chat[1].slack.base_url = list('slack-api');
      chat[2].teams.webhook_url = list('teams');
      chat[3].discord.webhook_url = object('discord');
      chat[4].telegram.base_url = object('telegram');
      return c;
    },
    expected: [
      'monitor.prometheus.pushgateway_url: must be a string (got a list of 1 item)',
      'monitor.slo.alertmanager_url: must be a string (got an object)',
      'monitor.slo.slos[0].runbook_url: must be a string',
      'monitor.opentelemetry.endpoint: must be a string',
      'notification.delivery.redis_url: must be a string',
      'notification.sms_backends[0].twilio.base_url: must be a string',
      'notification.sms_backends[0].twilio.status_callback_url: must be a string',
      'notification.sms_backends[1].vonage.base_url: must be a string',
      'notification.sms_backends[1].vonage.status_callback_url: must be a string',
      'notification.push_backends[0].fcm.token_uri: must be a string',
      'notification.push_backends[1].apns.base_url: must be a string',
      'notification.mailer.backends[1].sendgrid.base_url: must be a string',
      'notification.mailer.backends[2].postmark.base_url: must be a string',
      'notification.mailer.backends[3].mailgun.base_url: must be a string',
      'notification.mailer.backends[4].resend.base_url: must be a string',
      'notification.mailer.backends[5].ses.endpoint: must be a string',
      'notification.chat_backends[0].slack.webhook_url: must be a string',
      'notification.chat_backends[1].slack.base_url: must be a string',
      'notification.chat_backends[2].teams.webhook_url: must be a string',
      'notification.chat_backends[3].discord.webhook_url: must be a string',
      'notification.chat_backends[4].telegram.base_url: must be a string',
      'monitor.slo.slack_webhook_url: must be a string',
      'monitor.slo.teams_webhook_url: must be a string',
      'monitor.slo.pagerduty_url: must be a string',
    ],
  },
  {
    name: 'credential-bearing URLs without a scheme',
    yaml: (c) => {
      c.monitor.prometheus.pushgateway_url = `gw:${MARK}-pushgateway@push.example:9091`;
      (c.monitor as any).slo = { alertmanager_url: `am:${MARK}-alertmanager@alertmanager:9093` };
      c.notification.delivery.redis_url = `:${MARK}-redis@127.0.0.1:6379`;
      (c.monitor.opentelemetry as any).endpoint = `otlp:${MARK}-otlp@collector:4318`;
      (c.notification.sms_backends[0].twilio as any).status_callback_url =
        `cb:${MARK}-callback@api.example/hook`;
      return c;
    },
    expected: [
      'monitor.prometheus.pushgateway_url: must be an http:// or https:// URL',
      'monitor.slo.alertmanager_url: must be an http:// or https:// URL',
      'notification.delivery.redis_url: must be a redis:// or rediss:// URL',
      'monitor.opentelemetry.endpoint: must be an http:// or https:// URL',
      'notification.sms_backends[0].twilio.status_callback_url: must be an http(s) URL',
    ],
  },
  {
    name: 'malformed credential-bearing URLs in the environment',
    env: () => ({
      HERALD_MONITOR__SLO__ALERTMANAGER_URL: `http://am:${MARK} alertmanager@alertmanager:9093`,
      HERALD_NOTIFICATION__DELIVERY__REDIS_URL: `redis://:${MARK}/redis@127.0.0.1:port`,
      HERALD_MONITOR__PROMETHEUS__PUSHGATEWAY_URL: `https//gw:${MARK}-pushgateway@push.example:9091`,
    }),
    expected: [
      'monitor.slo.alertmanager_url: must be an http:// or https:// URL',
      'notification.delivery.redis_url: must be a redis:// or rediss:// URL',
      'monitor.prometheus.pushgateway_url: must be an http:// or https:// URL',
    ],
  },
  {
    name: 'secrets in query parameters of invalid URLs',
    yaml: (c) => {
      (c.monitor as any).slo = {
        alertmanager_url: `ftp://alertmanager.example/?api_key=${MARK}-alertmanager&x=1`,
      };
      (c.notification.sms_backends[0].twilio as any).status_callback_url =
        `https://api.example/hook?signature=${MARK}-sig&token=${MARK}-callback more`;
      return c;
    },
    expected: [
      'monitor.slo.alertmanager_url: must be an http:// or https:// URL',
      'notification.sms_backends[0].twilio.status_callback_url: must be an http(s) URL',
    ],
  },
  {
    name: 'Alertmanager basic auth and a bearer token at once, and credentials in the URL too',
    yaml: (c) => {
      (c.monitor as any).slo = {
        alertmanager_url: `https://am:${MARK}-in-url@alertmanager.example`,
        alertmanager_username: 'herald',
        alertmanager_password: `${MARK}-alertmanager-password`,
        alertmanager_bearer_token: `${MARK}-alertmanager-bearer`,
      };
      return c;
    },
    expected: [
      'monitor.slo.alertmanager_bearer_token: use either',
      'monitor.slo.alertmanager_url: carries credentials',
    ],
  },
];

/** Paths of every URL field of the schema (`*_url`, `*_uri`, `endpoint`, `dsn`), list items as `[]`. */
function urlFieldPaths(type: new () => object = HeraldConfig, prefix = ''): string[] {
  return getConfigFields(type).flatMap((meta) => {
    const path = `${prefix}${toSnakeCase(meta.property)}`;
    if (isUrlKey(meta.property)) return [path];
    if (meta.type && meta.kind === 'section') return urlFieldPaths(meta.type(), `${path}.`);
    if (meta.type && meta.kind === 'list') return urlFieldPaths(meta.type(), `${path}[].`);
    return [];
  });
}

/** Paths of every secret field of the schema, list items as `[]`: `notification.sms_backends[].twilio.auth_token`. */
function secretFieldPaths(type: new () => object = HeraldConfig, prefix = ''): string[] {
  return getConfigFields(type).flatMap((meta) => {
    const path = `${prefix}${toSnakeCase(meta.property)}`;
    if (meta.secret || isSecretKey(meta.property)) return [path];
    if (meta.type && meta.kind === 'section') return secretFieldPaths(meta.type(), `${path}.`);
    if (meta.type && meta.kind === 'list') return secretFieldPaths(meta.type(), `${path}[].`);
    return [];
  });
}

/** Values at a schema path in a plain config (every list item). */
function valuesAt(node: unknown, path: string): unknown[] {
  if (path === '') return [node];
  const [head, ...rest] = path.split('.');
  const list = head.endsWith('[]');
  const value = (node as Record<string, unknown> | undefined)?.[list ? head.slice(0, -2) : head];
  const items = list ? (Array.isArray(value) ? value : []) : [value];
  return items.flatMap((item) => valuesAt(item, rest.join('.')));
}

interface Setup {
  env: Record<string, string>;
  cwd: string;
}

describe('no configuration error prints a secret', () => {
  let dir: string;
  let seq = 0;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'herald-secrets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const setUp = (scenario: Scenario): Setup => {
    const config = baseConfig() as Config;
    const yaml = scenario.yaml ? scenario.yaml(config) : config;
    const file = join(dir, `app-${++seq}.yaml`);
    writeFileSync(file, typeof yaml === 'string' ? yaml : stringify(yaml));
    return {
      env: { HERALD_CONFIG_FILE: file, ...scenario.env?.(baseConfig() as Config) },
      cwd: dir,
    };
  };

  it('plants a secret in every secret field of the schema', () => {
    const fields = secretFieldPaths();
    expect(fields).toEqual(
      expect.arrayContaining([
        'notification.sms_backends[].twilio.auth_token',
        'notification.push_backends[].fcm.private_key',
        'notification.push_backends[].fcm.server_key',
        'notification.push_backends[].apns.private_key',
        'notification.push_backends[].webpush.vapid_private_key',
        'notification.mailer.backends[].smtp.password',
        'notification.mailer.backends[].sendgrid.api_key',
        'notification.mailer.backends[].postmark.server_token',
        'notification.mailer.backends[].mailgun.api_key',
        'notification.mailer.backends[].resend.api_key',
        'notification.mailer.backends[].ses.secret_access_key',
        'monitor.health.auth_token',
        'monitor.error_tracking.dsn',
        'monitor.opentelemetry.headers',
        'monitor.prometheus.auth_token',
      ]),
    );
    const configs = [
      baseConfig(),
      ...SCENARIOS.map((s) => s.yaml?.(baseConfig() as Config)).filter(
        (c): c is Config => typeof c === 'object',
      ),
    ];
    const unplanted = fields.filter(
      (path) =>
        !configs.some((c) =>
          valuesAt(c, path).some((v) => v !== undefined && JSON.stringify(v).includes(MARK)),
        ),
    );
    expect(unplanted).toEqual([]);
  });

  it('plants a secret in every URL field of the schema, as a list or object and as a string', () => {
    const fields = urlFieldPaths();
    expect(fields).toEqual(
      expect.arrayContaining([
        'notification.delivery.redis_url',
        'monitor.slo.alertmanager_url',
        'monitor.prometheus.pushgateway_url',
        'notification.sms_backends[].twilio.status_callback_url',
      ]),
    );
    const configs = SCENARIOS.map((s) => s.yaml?.(baseConfig() as Config)).filter(
      (c): c is Config => typeof c === 'object',
    );
    const planted = (test: (v: unknown) => boolean) =>
      fields.filter((path) => !configs.some((c) => valuesAt(c, path).some(test)));
    const hasMark = (v: unknown) => v !== undefined && JSON.stringify(v).includes(MARK);
    expect(planted((v) => typeof v === 'object' && hasMark(v))).toEqual([]);
  });

  it('loads the planted configuration when nothing is wrong (each scenario breaks only what it says)', () => {
    const config = loadHeraldConfig(setUp({ name: 'valid', expected: [] }));
    expect(config.notification.smsBackends[0].twilio?.authToken).toBe(`${MARK}-twilio-auth-token`);
    expect(config.monitor.slo.alertmanagerUrl).toContain(MARK);
    expect(JSON.stringify(config)).not.toContain(MARK);
    expect(inspect(config, { depth: 10 })).not.toContain(MARK);
    expect(String(config.monitor)).not.toContain(MARK);
  });

  it.each(SCENARIOS.map((s) => [s.name, s] as const))('loader: %s', (_name, scenario) => {
    let error: unknown;
    try {
      loadHeraldConfig(setUp(scenario));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeraldConfigError);
    const { message, problems } = error as HeraldConfigError;
    for (const text of scenario.expected) expect(message).toContain(text);
    expect(message).not.toContain(MARK);
    expect(JSON.stringify(problems)).not.toContain(MARK);
    expect(String((error as Error).stack)).not.toContain(MARK);
  });

  /** Starts test/helpers/config-bootstrap-app.ts with the scenario's environment. */
  const bootstrap = ({ env, cwd }: Setup) =>
    new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '-r',
          join(__dirname, 'helpers', 'swc-register.js'),
          join(__dirname, 'helpers', 'config-bootstrap-app.ts'),
        ],
        {
          cwd,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            FORCE_COLOR: '0',
            ...env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, output }));
    });

  it('bootstrap in a child process: the error is reported, stdout and stderr hold no secret', async () => {
    const runs = await Promise.all(
      SCENARIOS.map(async (scenario) => ({ scenario, ...(await bootstrap(setUp(scenario))) })),
    );
    for (const { scenario, code, output } of runs) {
      const shown = `${scenario.name}\n${output}`;
      expect({ scenario: scenario.name, code }).toEqual({ scenario: scenario.name, code: 1 });
      for (const text of scenario.expected) expect(shown).toContain(text);
      expect(shown.includes(MARK) ? shown : 'no secret').toBe('no secret');
    }
  }, 120_000);
});
