/// <reference lib="dom" />
// The plain HTML page's script: the markup is already there; the client is set, then the element defined.
import { defineHeraldInbox } from '../../../libs/inbox-client/src/element/index.js';
import { FakeInboxClient, fakeItem } from './fake-inbox-client.js';

const el = document.querySelector('herald-inbox') as HTMLElement & { client?: unknown };
const tabs = JSON.parse(el.getAttribute('tabs')!);
const fake = new FakeInboxClient(
  [fakeItem({ title: 'Plain one' }), fakeItem({ title: 'Plain two', seen: true })],
  tabs,
);
el.client = fake; // before the definition: the element picks it up when it upgrades
(globalThis as any).fake = fake;
defineHeraldInbox();
