import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';

/** Boots the consumer app on `PORT` (0: any free port) and prints its URL for the check to read. */
async function bootstrap(): Promise<void> {
  const app = await NestFactory.create(AppModule);
  app.enableShutdownHooks();
  await app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
  new Logger('ConsumerApp').log(`listening on ${await app.getUrl()}`);
}

bootstrap().catch((error: unknown) => {
  new Logger('ConsumerApp').error(
    error instanceof Error ? (error.stack ?? error.message) : String(error),
  );
  process.exitCode = 1;
});
