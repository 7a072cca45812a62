import { Injectable } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry } from '@herald/contracts';

/** Puts the send form in the shell's navigation and on the home page. */
@AdminContributor({ order: 30 })
@Injectable()
export class ChannelsDemoContributor implements AdminContributor {
  readonly id = 'channels';

  navigation(): AdminNavEntry[] {
    return [{ label: 'Send SMS, push, email', path: '/channels', order: 30 }];
  }
}
