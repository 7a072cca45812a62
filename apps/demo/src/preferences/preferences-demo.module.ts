import { Module } from '@nestjs/common';
import { AdminShellModule } from '../admin/admin-shell.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { PreferencesController } from './preferences.controller.js';
import { PreferencesNavContributor } from './preferences-nav.contributor.js';

/**
 * Notification preferences in the demo: the signed-in user turns channels
 * on or off per category on `/admin/preferences`, through the notifier's
 * `NotificationPreferencesService` (global `NotifierModule`, store in the
 * demo's database); the notifier's preference gate then records those
 * deliveries `suppressed` on `/admin/deliveries`.
 */
@Module({
  imports: [AuthModule, AdminShellModule],
  controllers: [PreferencesController],
  providers: [PreferencesNavContributor],
})
export class PreferencesDemoModule {}
