/* eslint-disable @typescript-eslint/no-require-imports -- jest.isolateModules needs require() to load modules against the mocked package */
import { MissingDependencyError, NamedMailerConfig } from '@herald/contracts';

/** Optional peers: a missing package fails clearly, naming it (the SMTP wire tests are in test/mailer-smtp.e2e-spec.ts). */
describe('optional provider packages', () => {
  const missing = (name: string) => () => {
    throw Object.assign(new Error(`Cannot find module '${name}' from 'require-optional.util.ts'`), {
      code: 'MODULE_NOT_FOUND',
    });
  };
  afterEach(() => jest.resetModules());

  it('the smtp driver fails at construction (bootstrap) when nodemailer is not installed', () => {
    jest.doMock('nodemailer', missing('nodemailer'));
    jest.isolateModules(() => {
      const { createMailDriver } = require('../../create-mailer-channel.js');
      const { MissingDependencyError: Missing } = require('@herald/contracts');
      const config = new NamedMailerConfig({
        name: 'm',
        driver: 'smtp',
        fromEmail: 'a@herald.test',
        smtp: { host: 'localhost' },
      }).validate();
      let error: any;
      try {
        createMailDriver(config);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(Missing);
      expect(error.message).toBe(
        'The smtp mail driver needs the optional package "nodemailer". Install it with: npm install nodemailer',
      );
    });
  });

  it('a text Mailable through the log driver loads neither handlebars nor html-to-text', async () => {
    jest.doMock('handlebars', missing('handlebars'));
    jest.doMock('html-to-text', missing('html-to-text'));
    let result: Promise<any> | undefined;
    jest.isolateModules(() => {
      const { Mailable } = require('../../mailable.js');
      const { MailerChannel } = require('../../mailer-channel.js');
      const { LogMailDriver } = require('../log/log-mail.driver.js');
      const { DeliveryTelemetry } = require('../../../utils/delivery-telemetry.js');
      const mailer = new MailerChannel('m', new LogMailDriver('m'), new DeliveryTelemetry(), {
        address: 'a@herald.test',
      });
      result = mailer.send(new Mailable().to('b@example.com').subject('Hi').text('plain text'));
    });
    await expect(result).resolves.toMatchObject({ backend: 'm', accepted: ['b@example.com'] });
  });

  it('a Mailable template without handlebars rejects with a permanent DeliveryError naming the package', async () => {
    jest.doMock('handlebars', missing('handlebars'));
    let result: Promise<unknown> | undefined;
    let DeliveryErrorClass: any;
    jest.isolateModules(() => {
      const { Mailable } = require('../../mailable.js');
      const { MailerChannel } = require('../../mailer-channel.js');
      const { LogMailDriver } = require('../log/log-mail.driver.js');
      const { DeliveryTelemetry } = require('../../../utils/delivery-telemetry.js');
      DeliveryErrorClass = require('../../../errors/delivery.error.js').DeliveryError;
      const mailer = new MailerChannel('m', new LogMailDriver('m'), new DeliveryTelemetry(), {
        address: 'a@herald.test',
      });
      result = mailer.send(
        new Mailable()
          .to('b@example.com')
          .subject('x')
          .template({ html: '<p>{{x}}</p>' }, { x: 1 }),
      );
    });
    const error: any = await result!.catch((e) => e);
    expect(error).toBeInstanceOf(DeliveryErrorClass);
    expect(error).toMatchObject({ reason: 'bad_request', permanent: true });
    expect(error.message).toContain('needs the optional package "handlebars"');
    expect(error.cause?.name).toBe(MissingDependencyError.name);
  });
});
