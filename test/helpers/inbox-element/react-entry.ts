/// <reference lib="dom" />
// Bundled into the React test page: hydrates the server-rendered <Inbox/> and a counter made with useInbox().
import { hydrateRoot } from 'react-dom/client';
import { Inbox } from '../../../libs/inbox-client/src/react/index.js';
import { Counter } from './counter.js';
import { FakeInboxClient, fakeItem } from './fake-inbox-client.js';
import { reactApp } from './react-app.js';

const tabs = [{ id: 'all', label: 'All' }];
const fake = new FakeInboxClient(
  [fakeItem({ title: 'From React' }), fakeItem({ title: 'Second' })],
  tabs,
);
const errors: string[] = [];
(globalThis as any).fake = fake;
(globalThis as any).hydrationErrors = errors;
(globalThis as any).herald = { fakeItem };

hydrateRoot(document.getElementById('root')!, reactApp(fake, Inbox, Counter), {
  onRecoverableError: (error) => errors.push(String(error)),
});
