import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  getMailerToken,
  getPushChannelToken,
  getSmsChannelToken,
  HeraldConfigError,
  MAILER,
  SMS_CHANNEL,
} from '@herald/contracts';
import { DeliveryModule, MailerModule, NotificationModule } from '@herald/notification';

// the module object itself (not an import copy), so spies see what the libraries call
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs = require('node:fs') as typeof import('node:fs');

/**
 * `NotificationModule.forRoot()` / `MailerModule.forRoot()` are evaluated
 * while the application's `AppModule` is (decorator time). Reading the YAML
 * file or the environment belongs to bootstrap, where a problem can be
 * reported as a failed start instead of an exception at import.
 */
describe('Herald notification modules read no file and no env until bootstrap', () => {
  const savedEnv = process.env;
  let dir: string;
  let envReads: string[];

  /** A `process.env` that records who looked at HERALD_* variables (or listed them all). */
  const watchEnv = (values: Record<string, string>) => {
    envReads = [];
    const target: NodeJS.ProcessEnv = { ...savedEnv, ...values };
    process.env = new Proxy(target, {
      get(t, key) {
        if (typeof key === 'string' && key.startsWith('HERALD_')) envReads.push(key);
        return Reflect.get(t, key);
      },
      ownKeys(t) {
        envReads.push('(every variable)');
        return Reflect.ownKeys(t);
      },
    });
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'herald-bootstrap-'));
  });
  afterEach(() => {
    process.env = savedEnv;
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('evaluates an AppModule with every forRoot variant without touching fs or env', () => {
    const file = join(dir, 'app.yaml');
    writeFileSync(file, 'notification:\n  sms_backends: [unclosed\n');
    watchEnv({
      HERALD_CONFIG_FILE: file,
      HERALD_NOTIFICATION__PUSH_BACKENDS: '[{"name": broken',
    });
    const fsCalls: string[] = [];
    for (const fn of ['existsSync', 'readFileSync', 'statSync', 'readdirSync'] as const) {
      jest.spyOn(fs, fn).mockImplementation(((...args: unknown[]) => {
        fsCalls.push(`${fn}(${String(args[0])})`);
        throw new Error(`fs.${fn} called at decoration time`);
      }) as never);
    }

    @Module({
      imports: [
        NotificationModule.forRoot(),
        NotificationModule.forRoot({ smsBackends: [{ name: 'code-sms', driver: 'log' }] }),
        NotificationModule.forRoot({}, { smsBackendNames: ['yaml-sms'] }),
        NotificationModule.forRootAsync({ useFactory: () => ({}), smsBackendNames: ['a'] }),
        NotificationModule.stub(),
        MailerModule.forRoot(),
        MailerModule.forRoot({ backends: [{ name: 'code-mail', driver: 'log' }] }),
        MailerModule.forRootAsync({ useFactory: () => ({}), backendNames: ['m'] }),
        MailerModule.stub(),
        MailerModule.stub({ backends: [{ name: 'stub-mail', driver: 'log' }] }),
        DeliveryModule.forRoot(),
      ],
    })
    class AppModule {}

    expect(AppModule).toBeDefined();
    expect(fsCalls).toEqual([]);
    expect(envReads).toEqual([]);
  });

  it('reports a broken YAML file at bootstrap, naming the file', async () => {
    const file = join(dir, 'app.yaml');
    writeFileSync(file, 'notification:\n  sms_backends: [unclosed\n');
    watchEnv({ HERALD_CONFIG_FILE: file });
    const module = NotificationModule.forRoot();
    expect(envReads).toEqual([]);
    const error = await Test.createTestingModule({ imports: [module] })
      .compile()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect((error as HeraldConfigError).message).toContain(`${file}:`);
    expect((error as HeraldConfigError).message).toContain('malformed YAML');
  });

  it('reports a missing config file and an invalid env variable at bootstrap', async () => {
    watchEnv({ HERALD_CONFIG_FILE: join(dir, 'missing.yaml') });
    const mailer = MailerModule.forRoot();
    const missing = await Test.createTestingModule({ imports: [mailer] })
      .compile()
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(HeraldConfigError);
    expect((missing as Error).message).toContain('config file not found');

    watchEnv({ HERALD_NOTIFICATION__INBOX__MAX_PAGE_SIZE: 'lots' });
    const invalid = await Test.createTestingModule({ imports: [NotificationModule.forRoot()] })
      .compile()
      .catch((e: unknown) => e);
    expect((invalid as Error).message).toContain(
      'notification.inbox.max_page_size: must be an integer (got "lots")',
    );
  });

  it('binds named tokens from the config in code and from the listed names', async () => {
    watchEnv({
      HERALD_NOTIFICATION__SMS_BACKENDS: JSON.stringify([
        { name: 'env-sms', primary: true, driver: 'log' },
      ]),
      HERALD_NOTIFICATION__MAILER__BACKENDS: JSON.stringify([
        { name: 'env-mail', primary: true, driver: 'log', from_email: 'env@herald.test' },
      ]),
    });
    const app = await Test.createTestingModule({
      imports: [
        NotificationModule.forRoot(
          { push_backends: [{ name: 'code-push', primary: true, driver: 'log' }] },
          { smsBackendNames: ['env-sms'] },
        ),
        MailerModule.forRoot({}, { backendNames: ['env-mail'] }),
      ],
    }).compile();
    expect(app.get(getSmsChannelToken('env-sms'))).toBe(app.get(SMS_CHANNEL));
    expect(app.get(getPushChannelToken('code-push')).name).toBe('code-push');
    expect(app.get(getMailerToken('env-mail'))).toBe(app.get(MAILER));
    await app.close();
  });

  it('fails at bootstrap when a listed name is not configured', async () => {
    watchEnv({});
    const error = await Test.createTestingModule({
      imports: [NotificationModule.forRoot({}, { pushBackendNames: ['ghost'] })],
    })
      .compile()
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      'No push backend is called "ghost" (configured: none). Add it to notification.push_backends or fix the name.',
    );
  });
});
