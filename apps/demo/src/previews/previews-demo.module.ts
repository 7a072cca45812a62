import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NotificationTemplatesModule } from '@herald/notification';
import { AdminShellModule } from '../admin/admin-shell.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { PreviewsController } from './previews.controller.js';
import { PreviewsDemoContributor } from './previews-demo.contributor.js';

/** `apps/demo/templates/`, from `src/previews/` and from `dist/previews/` alike. */
export const DEMO_TEMPLATES_DIR = join(__dirname, '..', '..', 'templates');

/**
 * The demo's file templates (`apps/demo/templates/`: an MJML mail layout,
 * messages in English, German and Arabic), compiled while the demo starts, and
 * the admin page `/admin/previews` that renders every notification class of
 * the demo for a sample recipient, channel and locale. `NotifierModule`
 * (global, from the delivery demo) provides `NotificationPreviewService`.
 */
@Module({
  imports: [
    NotificationTemplatesModule.forRoot({ dir: DEMO_TEMPLATES_DIR, defaultLocale: 'en' }),
    AdminShellModule,
    AuthModule,
  ],
  controllers: [PreviewsController],
  providers: [PreviewsDemoContributor],
})
export class PreviewsDemoModule {}
