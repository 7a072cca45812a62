import { createElement, type ReactElement } from 'react';
import type { InboxClient } from '../../../libs/inbox-client/src/types.js';
import type { Inbox as InboxComponent } from '../../../libs/inbox-client/src/react/index.js';

/** The same tree on the server (renderToString) and in the browser (hydrateRoot). */
export function reactApp(
  client: InboxClient,
  Inbox: typeof InboxComponent,
  Counter: (props: { client: InboxClient }) => ReactElement,
): ReactElement {
  return createElement(
    'div',
    null,
    createElement(Inbox, {
      client,
      tabs: [{ id: 'all', label: 'All' }],
      locale: 'en',
      badge: 'unread',
      className: 'top-bell',
    }),
    createElement(Counter, { client }),
  );
}
