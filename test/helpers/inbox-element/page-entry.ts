/// <reference lib="dom" />
// Bundled by esbuild into the test page: the element, the locales and the fake client on `window.herald`.
import {
  HeraldInboxElement,
  defineHeraldInbox,
} from '../../../libs/inbox-client/src/element/index.js';
import { HeraldInboxClient } from '../../../libs/inbox-client/src/client/herald-inbox.client.js';
import { de } from '../../../libs/inbox-client/src/i18n/de.js';
import { fr } from '../../../libs/inbox-client/src/i18n/fr.js';
import { FakeInboxClient, fakeItem } from './fake-inbox-client.js';

defineHeraldInbox();
(globalThis as any).herald = {
  HeraldInboxElement,
  HeraldInboxClient,
  FakeInboxClient,
  fakeItem,
  fr,
  de,
};
