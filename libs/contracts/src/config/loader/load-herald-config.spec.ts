import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { HeraldConfigError } from '../../errors/herald-config.error.js';
import { REDACTED } from '../../utils/redact.util.js';
import { MonitorConfig } from '../monitor/monitor.config.js';
import { TracingConfig } from '../monitor/monitor-sections.config.js';
import { NotificationConfig } from '../notification/notification.config.js';
import { loadHeraldConfig } from './load-herald-config.js';

describe('loadHeraldConfig', () => {
  let dir: string;
  const write = (name: string, text: string) => {
    mkdirSync(join(dir, 'config'), { recursive: true });
    writeFileSync(join(dir, name), text);
  };
  const load = (opts: Parameters<typeof loadHeraldConfig>[0] = {}) =>
    loadHeraldConfig({ env: {}, cwd: dir, ...opts });
  const problemsOf = (fn: () => unknown): string[] => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(HeraldConfigError);
      return (error as HeraldConfigError).problems.map((p) => `${p.path}: ${p.message}`);
    }
    throw new Error('expected a HeraldConfigError');
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'herald-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('returns SPEC defaults with no source at all', () => {
    const config = load();
    expect(config.notification).toBeInstanceOf(NotificationConfig);
    expect(config.monitor).toBeInstanceOf(MonitorConfig);
    expect(config.notification.inbox).toMatchObject({
      storeBackend: 'database',
      retentionDays: 30,
      maxPageSize: 50,
    });
    expect(config.monitor.name).toBe('monitor');
    expect(config.monitor.tracing.sampleRate).toBe(1);
    expect(config.monitor.prometheus.port).toBe(8000);
    expect(config.monitor.health.path).toBe('/health');
  });

  it('applies the five sources in order: defaults < file < profile < env < code', () => {
    write(
      'config/app.yaml',
      'monitor:\n  name: from-file\n  environment: file\n  debug: true\n  tracing:\n    service_name: file-svc\n    sample_rate: 0.1\nnotification:\n  inbox:\n    retention_days: 7\n',
    );
    write(
      'config/app.production.yaml',
      'monitor:\n  environment: production\n  tracing:\n    sample_rate: 0.2\n',
    );
    const config = load({
      env: {
        HERALD_PROFILE: 'production',
        HERALD_MONITOR__TRACING__SAMPLE_RATE: '0.3',
        HERALD_MONITOR__DEBUG: 'false',
      },
      overrides: { monitor: { tracing: { sampleRate: 0.4 } } },
    });
    expect(config.monitor.name).toBe('from-file'); // file only
    expect(config.notification.inbox.retentionDays).toBe(7); // file only
    expect(config.monitor.environment).toBe('production'); // profile over file
    expect(config.monitor.debug).toBe(false); // env over file
    expect(config.monitor.tracing.serviceName).toBe('file-svc'); // nested key from file survives the merge
    expect(config.monitor.tracing.sampleRate).toBe(0.4); // code over everything
    expect(
      load({ env: { HERALD_PROFILE: 'production', HERALD_MONITOR__TRACING__SAMPLE_RATE: '0.3' } })
        .monitor.tracing.sampleRate,
    ).toBe(0.3);
    expect(load({ env: { HERALD_PROFILE: 'production' } }).monitor.tracing.sampleRate).toBe(0.2);
    expect(load().monitor.tracing.sampleRate).toBe(0.1);
  });

  it('reads the file named by HERALD_CONFIG_FILE (or the file option) and fails when it is missing', () => {
    write('custom.yml', 'monitor:\n  name: custom\n');
    expect(load({ env: { HERALD_CONFIG_FILE: 'custom.yml' } }).monitor.name).toBe('custom');
    expect(load({ file: join(dir, 'custom.yml') }).monitor.name).toBe('custom');
    expect(problemsOf(() => load({ file: 'nope.yaml' }))).toEqual([
      'nope.yaml: config file not found',
    ]);
  });

  it('nests env variables on double underscores and coerces numbers and booleans by field type', () => {
    const config = load({
      env: {
        HERALD_MONITOR__PROMETHEUS__PORT: '9100',
        HERALD_MONITOR__PROMETHEUS__ENABLE_DEFAULT_METRICS: 'no',
        HERALD_MONITOR__HEALTH__TIMEOUT: '2.5',
        HERALD_MONITOR__ENVIRONMENT: '123',
        HERALD_MONITOR__METRICS__HISTOGRAM_BUCKETS: '0.1, 0.5,1',
        HERALD_MONITOR__METRICS__DEFAULT_LABELS__REGION: 'eu-west',
        HERALD_NOTIFICATION__INBOX__STORE_BACKEND: 'memory',
        UNRELATED: 'ignored',
      },
    });
    expect(config.monitor.prometheus.port).toBe(9100);
    expect(config.monitor.prometheus.enableDefaultMetrics).toBe(false);
    expect(config.monitor.health.timeout).toBe(2.5);
    expect(config.monitor.environment).toBe('123'); // a string field stays a string
    expect(config.monitor.metrics.histogramBuckets).toEqual([0.1, 0.5, 1]);
    expect(config.monitor.metrics.defaultLabels).toEqual({ region: 'eu-west' });
    expect(config.notification.inbox.storeBackend).toBe('memory');
  });

  it('accepts a whole list as JSON and list items by index, patching the list below', () => {
    write(
      'config/app.yaml',
      [
        'notification:',
        '  mailer:',
        '    backends:',
        '      - name: primary-smtp',
        '        primary: true',
        '        driver: smtp',
        '        from_email: noreply@example.com',
        '        smtp: { host: mail.example.com, port: 587 }',
      ].join('\n'),
    );
    const config = load({
      env: {
        HERALD_NOTIFICATION__MAILER__BACKENDS__0__SMTP__PORT: '2525',
        HERALD_NOTIFICATION__MAILER__BACKENDS__1__NAME: 'audit',
        HERALD_NOTIFICATION__MAILER__BACKENDS__1__DRIVER: 'log',
        HERALD_NOTIFICATION__MAILER__BACKENDS__1__FROM_EMAIL: 'audit@example.com',
        HERALD_NOTIFICATION__SMS_BACKENDS: JSON.stringify([
          {
            name: 'tw',
            primary: true,
            driver: 'twilio',
            twilio: { account_sid: 'AC1', auth_token: 't0k', from_number: '+15005550006' },
          },
        ]),
        HERALD_NOTIFICATION__SMS_BACKENDS__0__TWILIO__FROM_NUMBER: '+15005550007',
      },
    });
    const [smtp, audit] = config.notification.mailer.backends;
    expect(smtp).toMatchObject({ name: 'primary-smtp', primary: true, driver: 'smtp' });
    expect(smtp.smtp).toMatchObject({ host: 'mail.example.com', port: 2525 });
    expect(audit).toMatchObject({
      name: 'audit',
      driver: 'log',
      primary: false,
      fromEmail: 'audit@example.com',
    });
    expect(config.notification.smsBackends).toHaveLength(1);
    expect(config.notification.smsBackends[0].twilio).toMatchObject({
      accountSid: 'AC1',
      fromNumber: '+15005550007',
    });
  });

  it('names the file, line and column of malformed YAML', () => {
    write('config/app.yaml', 'monitor:\n  name: ok\n  tracing: [unclosed\n');
    const [problem] = problemsOf(() => load());
    expect(problem).toMatch(/config[/\\]app\.yaml:\d+:\d+: malformed YAML/);
    expect(problem).toContain(join(dir, 'config/app.yaml'));
  });

  it('an alias that resolves nowhere or expands too far is malformed YAML, never quoted (found by the config fuzz)', () => {
    const secret = 'S3CRETplant-yaml-alias';
    // `*a` glued to a secret makes the secret an alias name; toJS() resolves it, and throws
    write('config/app.yaml', `:monitor:\n  health:\n    auth_token: *a${secret}\n`);
    const [unresolved] = problemsOf(() => load());
    expect(unresolved).toMatch(/config[/\\]app\.yaml: malformed YAML: /);
    expect(unresolved).not.toContain(secret);

    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++)
      bomb.push(
        `${'b'.repeat(i)}: &${'b'.repeat(i)} [${Array(10)
          .fill(i === 1 ? '*a' : `*${'b'.repeat(i - 1)}`)
          .join(', ')}]`,
      );
    write('config/app.yaml', `${bomb.join('\n')}\nmonitor: { name: x }\n`);
    expect(problemsOf(() => load())).toEqual([
      expect.stringMatching(/app\.yaml: malformed YAML: .*alias/),
    ]);
  });

  it('prints no warning quoting the document (a mapping used as a key)', () => {
    const secret = 'S3CRETplant-yaml-key';
    write('config/app.yaml', `monitor:\n  ? [${secret}]\n  : 1\n`);
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      // the key itself is reported as an unknown field, as any key is, but not quoted
      // (found by the config fuzz: a mapping as key arrives as its whole text)
      const problems = problemsOf(() => load());
      expect(problems).toEqual([
        expect.stringMatching(/^monitor\.<a key of \d+ characters>: unknown field/),
      ]);
      expect(JSON.stringify([problems, warnings.mock.calls, warn.mock.calls])).not.toContain(
        secret,
      );
    } finally {
      warnings.mockRestore();
      warn.mockRestore();
    }
  });

  it('takes a Redis Cluster or Sentinels as redis_url, and says what is wrong with a malformed one', () => {
    const cluster = 'redis+cluster://:cl-pw-123@10.0.0.1:7000,10.0.0.2:7001';
    const config = load({ env: { HERALD_NOTIFICATION__DELIVERY__REDIS_URL: cluster } });
    expect(config.notification.delivery.redisUrl).toBe(cluster);
    expect(inspect(config, { depth: 9 })).not.toContain('cl-pw-123');
    expect(
      load({
        env: {
          HERALD_NOTIFICATION__DELIVERY__REDIS_URL: 'redis+sentinel://s1:26379,s2/mymaster/1',
        },
      }).notification.delivery.redisUrl,
    ).toBe('redis+sentinel://s1:26379,s2/mymaster/1');
    const problems = problemsOf(() =>
      load({
        env: { HERALD_NOTIFICATION__DELIVERY__REDIS_URL: 'redis+sentinel://:sn-pw-456@s1:26379' },
      }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^notification\.delivery\.redis_url: must be a redis:\/\/ or rediss:\/\/ URL .*redis\+sentinel:\/\/ needs the master name as its path/,
    );
    expect(problems[0]).toContain('(got "redis+sentinel://[REDACTED]@s1:26379")');
    expect(problems[0]).not.toContain('sn-pw-456');
  });

  it('reports every invalid field together, each as path: message (got value)', () => {
    const problems = problemsOf(() =>
      load({
        env: {
          HERALD_MONITOR__TRACING__SAMPLE_RATE: '1.5',
          HERALD_MONITOR__OPENTELEMETRY__COMPRESSION: 'brotli',
          HERALD_MONITOR__PROMETHEUS__PORT: 'eighty',
          HERALD_NOTIFICATION__INBOX__MAX_PAGE_SIZE: '0',
          HERALD_MONITOR__TRACING__SAMPLE_RTE: '1',
        },
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'monitor.tracing.sample_rate: must be between 0 and 1 (got 1.5)',
        'monitor.opentelemetry.compression: must be one of "none", "gzip" (got "brotli")',
        'monitor.prometheus.port: must be an integer (got "eighty")',
        'notification.inbox.max_page_size: must be between 1 and 1000 (got 0)',
        expect.stringMatching(
          /^monitor\.tracing\.sample_rte: unknown field \(allowed here: enabled, service_name, sampler_type, sample_rate/,
        ),
      ]),
    );
  });

  it('reports backend-list rules: two primaries, duplicate names, a missing driver sub-object, the legacy FCM key', () => {
    const problems = problemsOf(() =>
      load({
        overrides: {
          notification: {
            smsBackends: [
              {
                name: 'a',
                primary: true,
                driver: 'twilio',
                twilio: { accountSid: 'AC', authToken: 'x', fromNumber: '5550006' },
              },
              { name: 'a', primary: true, driver: 'twilio' },
            ],
            pushBackends: [{ name: 'p', driver: 'fcm', fcm: { serverKey: 'AAAA-legacy' } }],
          },
        },
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'notification.sms_backends[0].twilio.from_number: must be a phone number in E.164 form, e.g. +15005550006 (got "5550006")',
        'notification.sms_backends[1].name: duplicate backend name "a" (already used by sms_backends[0]); names must be unique',
        'notification.sms_backends: only one backend may be primary (found 2: sms_backends[0], sms_backends[1])',
        'notification.sms_backends[1].twilio: driver "twilio" needs its settings in a sub-object named "twilio"',
        expect.stringContaining(
          'notification.push_backends[0].fcm.server_key: the legacy FCM server key API was shut down',
        ),
      ]),
    );
    expect(problems.join('\n')).not.toContain('AAAA-legacy');
  });

  it('redacts secrets when the config is printed, logged or serialised, and in error messages', () => {
    const config = load({
      env: {
        HERALD_MONITOR__ERROR_TRACKING__DSN: 'https://abc123secret@o1.ingest.example.io/42',
        HERALD_MONITOR__PROMETHEUS__AUTH_TOKEN: 'scrape-token-xyz',
        HERALD_MONITOR__OPENTELEMETRY__HEADERS: '{"x-api-key":"otlp-key-1"}',
        HERALD_NOTIFICATION__SMS_BACKENDS: JSON.stringify([
          {
            name: 'tw',
            driver: 'twilio',
            twilio: {
              account_sid: 'AC1',
              auth_token: 'twilio-secret-1',
              from_number: '+15005550006',
            },
          },
        ]),
      },
    });
    expect(config.notification.smsBackends[0].twilio!.authToken).toBe('twilio-secret-1'); // code still reads it
    for (const printed of [
      JSON.stringify(config),
      inspect(config, { depth: 10 }),
      String(config.monitor),
    ]) {
      for (const secret of ['abc123secret', 'scrape-token-xyz', 'otlp-key-1', 'twilio-secret-1']) {
        expect(printed).not.toContain(secret);
      }
    }
    expect(JSON.stringify(config)).toContain(REDACTED);
    expect(config.toJSON()).toMatchObject({ monitor: { errorTracking: { dsn: REDACTED } } });

    const problems = problemsOf(
      () =>
        load({
          env: {
            HERALD_MONITOR__HEALTH__AUTH_TOKEN: '12345',
            HERALD_MONITOR__TRACING__SAMPLE_RATE: '7',
          },
        }).monitor,
    );
    expect(problems).toHaveLength(1);
    const bad = problemsOf(() =>
      new TracingConfig({ serviceName: 42 as any, sampleRate: -1 }).validate('monitor.tracing'),
    );
    expect(bad).toEqual(['monitor.tracing.sample_rate: must be between 0 and 1 (got -1)']);
  });

  it('never quotes a secret value in a validation message', () => {
    const problems = problemsOf(() =>
      load({
        overrides: {
          notification: {
            smsBackends: [
              {
                name: 'x',
                driver: 'twilio',
                twilio: { accountSid: 'AC', authToken: ['hunter2'], fromNumber: '+15005550006' },
              },
            ],
          },
        },
      }),
    );
    expect(problems).toEqual([
      'notification.sms_backends[0].twilio.auth_token: must be a string (got [REDACTED])',
    ]);
  });

  it('builds config classes in code from partial objects and validates them', () => {
    const config = new MonitorConfig({ tracing: { sampleRate: 0.5 } });
    expect(config.tracing.sampleRate).toBe(0.5);
    expect(config.tracing.serviceName).toBe('herald-service');
    expect(config.validate()).toBe(config);
    expect(problemsOf(() => new MonitorConfig({ tracing: { sampleRate: 2 } }).validate())).toEqual([
      'tracing.sample_rate: must be between 0 and 1 (got 2)',
    ]);
  });
});
