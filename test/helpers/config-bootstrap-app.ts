/**
 * A real bootstrap for the config-secrets test: an application with
 * `MonitorModule`, `NotificationModule` and `MailerModule`, configured from
 * the YAML file and `HERALD_*` variables of the environment it is started
 * with, started the way an application starts (Nest's default logger). On a
 * failed start it also prints the error the way an application would log it
 * (message, then the whole error object with its problems).
 */
import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MonitorModule } from '@herald/monitor';
import { MailerModule, NotificationModule } from '@herald/notification';

@Module({
  imports: [MonitorModule.configure(), NotificationModule.forRoot(), MailerModule.forRoot()],
})
class AppModule {}

NestFactory.createApplicationContext(AppModule, { abortOnError: false })
  .then(async (app) => {
    new Logger('ConfigBootstrap').log('started');
    await app.close();
  })
  .catch((error: unknown) => {
    new Logger('ConfigBootstrap').error(error instanceof Error ? error.message : String(error));
    console.error(error);
    process.exitCode = 1;
  });
