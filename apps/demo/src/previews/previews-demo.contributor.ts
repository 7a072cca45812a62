import { Injectable } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry } from '@herald/contracts';

/** Puts "Previews" (notifications rendered, not sent) in the admin shell's navigation. */
@AdminContributor({ order: 32 })
@Injectable()
export class PreviewsDemoContributor implements AdminContributor {
  readonly id = 'previews';

  navigation(): AdminNavEntry[] {
    return [{ label: 'Previews', path: '/admin/previews', order: 32 }];
  }
}
