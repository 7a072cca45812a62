import { Injectable } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry } from '@herald/contracts';

/** Puts "Deliveries" (the delivery log) in the admin shell's navigation and on the home page. */
@AdminContributor({ order: 30 })
@Injectable()
export class DeliveryDemoContributor implements AdminContributor {
  readonly id = 'deliveries';

  navigation(): AdminNavEntry[] {
    return [{ label: 'Deliveries', path: '/admin/deliveries', order: 30 }];
  }
}
