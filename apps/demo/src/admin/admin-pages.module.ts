import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AdminPagesMiddleware } from './admin-pages.middleware.js';

/** Serves the contributors' admin pages under `/admin/...` (see `AdminPagesMiddleware`). */
@Module({ imports: [AuthModule], providers: [AdminPagesMiddleware] })
export class AdminPagesModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(AdminPagesMiddleware)
      .forRoutes({ path: 'admin/{*path}', method: RequestMethod.GET });
  }
}
