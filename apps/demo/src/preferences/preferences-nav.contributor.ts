import { Injectable } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry } from '@herald/contracts';

/** Puts "Preferences" (the signed-in user's notification preferences) in the admin navigation. */
@AdminContributor({ order: 35 })
@Injectable()
export class PreferencesNavContributor implements AdminContributor {
  readonly id = 'preferences';

  navigation(): AdminNavEntry[] {
    return [{ label: 'Preferences', path: '/admin/preferences', order: 35 }];
  }
}
