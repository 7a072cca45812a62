import { HeraldInboxClient, type InboxItem } from '@herald/inbox-client';

/** What the page draws: the badge, the list, a short error line. */
export interface InboxView {
  badge(unread: number): void;
  list(items: InboxItem[]): void;
  error(text: string): void;
}

export async function startInbox(view: InboxView, getToken: () => Promise<string>) {
  const inbox = new HeraldInboxClient({
    baseUrl: '/admin/notifications',
    token: getToken, // a subscriber token from your server; omit it for cookie auth
    tabs: [
      { id: 'all', label: 'All' },
      { id: 'billing', label: 'Billing', filter: { tags: ['billing'] } },
    ],
  });
  let items: InboxItem[] = [];
  const refetch = async () => view.list((items = (await inbox.list({ tab: 'all' })).items));

  inbox.on('counts', (counts) => view.badge(counts.all.unread));
  inbox.on('message', (item) => view.list((items = [item, ...items])));
  inbox.on('update', (u) => {
    if (u.change === 'deleted') items = items.filter((i) => i.id !== u.id);
    view.list(items); // the other changes are made to the items in place
  });
  inbox.on('resync', () => void refetch()); // a gap the server could not replay
  inbox.on('error', ({ operation, error }) => {
    view.error(`${operation}: ${error.message}`); // the change is rolled back already
    view.list(items);
  });

  await refetch();
  inbox.connect();
  return inbox; // inbox.markRead(id), inbox.archive(id), inbox.snooze(id, until), ...
}
