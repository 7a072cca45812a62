// Renders mails with Mailable.react() from the built @herald/notification in a
// plain Node process (React Email loads react-dom/server with a dynamic
// import, which Jest's module sandbox cannot run), and prints what came out as
// JSON for test/react-email.e2e-spec.ts.
import { createElement as h } from 'react';
import { Mailable } from '@herald/notification';

function Welcome({ name, url }) {
  return h(
    'html',
    { lang: 'en' },
    h('body', null, h('h1', null, `Hello ${name}`), h('p', null, 'Your order has shipped.'), h('a', { href: url }, 'Track it')),
  );
}

function Broken() {
  throw new Error('order is undefined');
}

const mail = () => new Mailable().to({ address: 'ada@example.com' }).subject('Shipped');
const failure = (error) => ({ name: error?.constructor?.name, code: error?.code, message: error?.message });

const out = {};
out.plain = await mail().react(h(Welcome, { name: 'Ada', url: 'https://example.com/t/1' })).build();
out.hostile = await mail().react(h(Welcome, { name: '<script>alert(1)</script>', url: 'https://example.com' })).build();
out.ownText = await mail().text('plain words').react(h(Welcome, { name: 'Ada', url: 'https://example.com' })).build();
out.broken = await mail().react(h(Broken)).build().then(() => null, failure);
out.notElement = await mail().react('<p>hi</p>').build().then(() => null, failure);
process.stdout.write(JSON.stringify(out));
