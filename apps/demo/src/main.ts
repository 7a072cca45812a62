import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';

/** Starts the demo on `PORT` (default 3000) and prints its URL. */
export async function bootstrap(port = Number(process.env.PORT ?? 3000)): Promise<void> {
  const app = await NestFactory.create(AppModule, { bufferLogs: false });
  app.enableShutdownHooks();
  await app.listen(port, process.env.HOST ?? '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', 'localhost').replace('127.0.0.1', 'localhost');
  new Logger('HeraldDemo').log(`Herald demo is running at ${url}/`);
}

if (require.main === module) {
  bootstrap().catch((error) => {
    new Logger('HeraldDemo').error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
