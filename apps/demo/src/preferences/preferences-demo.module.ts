import { Module } from '@nestjs/common';
import { AdminShellModule } from '../admin/admin-shell.module';
import { AuthModule } from '../auth/auth.module';
import { DemoCsrfService } from '../auth/demo-csrf.service';
import { PreferencesController } from './preferences.controller';
import { PreferencesNavContributor } from './preferences-nav.contributor';

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
  providers: [DemoCsrfService, PreferencesNavContributor],
})
export class PreferencesDemoModule {}
