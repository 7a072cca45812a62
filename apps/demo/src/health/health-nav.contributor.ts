import { Injectable } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry } from '@herald/contracts';

/** Puts "Health" in the shell's navigation and on the home page. */
@AdminContributor({ order: 90 })
@Injectable()
export class HealthNavContributor implements AdminContributor {
  readonly id = 'health';

  navigation(): AdminNavEntry[] {
    return [{ label: 'Health', path: '/health', order: 90 }];
  }
}
