import { Injectable } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry } from '@herald/contracts';

/** Puts "Tracing" (recent spans, and a traced demo route) in the shell's navigation. */
@AdminContributor({ order: 85 })
@Injectable()
export class TracingNavContributor implements AdminContributor {
  readonly id = 'tracing';

  navigation(): AdminNavEntry[] {
    return [{ label: 'Tracing', path: '/tracing', order: 85 }];
  }
}
