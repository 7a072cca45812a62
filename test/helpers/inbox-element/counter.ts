import { createElement, type ReactElement } from 'react';
import { useInbox } from '../../../libs/inbox-client/src/react/index.js';
import type { InboxClient } from '../../../libs/inbox-client/src/types.js';

/** A component of the app's own made with useInbox(): the unread count and the connection status. */
export function Counter({ client }: { client: InboxClient }): ReactElement {
  const { counts, status } = useInbox(client);
  return createElement('p', { id: 'counter' }, `unread ${counts.all?.unread ?? 0}, ${status}`);
}
