import { Injectable } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry } from '@herald/contracts';

/** Puts "Suppressions" (the suppression list) in the admin shell's navigation. */
@AdminContributor({ order: 35 })
@Injectable()
export class SuppressionDemoContributor implements AdminContributor {
  readonly id = 'suppressions';

  navigation(): AdminNavEntry[] {
    return [{ label: 'Suppressions', path: '/admin/suppressions', order: 35 }];
  }
}
