import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.enableShutdownHooks(); // closes exporters, queues and pools on SIGTERM
  await app.listen(3000);
}
void bootstrap(); // top-level await is for ES modules only
