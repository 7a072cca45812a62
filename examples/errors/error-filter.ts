import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ErrorTrackingFilter, MonitorModule } from '@herald/monitor';

// Reports unhandled errors (not 4xx HttpExceptions) to ERROR_TRACKER and answers as Nest does.
@Module({
  imports: [MonitorModule.forRoot()],
  providers: [{ provide: APP_FILTER, useClass: ErrorTrackingFilter }],
})
export class AppModule {}
