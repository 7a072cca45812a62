import { Mailable } from './mailable.js';
import { assertSendableMail } from './mail-validation.util.js';

describe('Mailable', () => {
  it('builds every field, renders templates with escaping and derives the text part from HTML', async () => {
    const png = Buffer.from([1, 2, 3]);
    const message = await new Mailable()
      .from({ name: 'Shop', address: 'shop@example.com' })
      .to('ada@example.com', { name: 'Bob', address: 'bob@example.com' })
      .cc('c@example.com')
      .bcc('d@example.com')
      .replyTo('help@example.com')
      .subject('Order {{id}} for {{name}}')
      .template(
        {
          html: '<h1>Hi {{name}}</h1><p>Note: {{note}}</p><a href="https://example.com/o/{{id}}">track</a>',
        },
        { id: 7, name: 'Ada', note: '<script>x</script>' },
      )
      .embed({ filename: 'logo.png', content: png, contentType: 'image/png', contentId: 'logo' })
      .attach({ filename: 'r.txt', content: 'receipt' })
      .header('X-Order', '7')
      .tag('orders')
      .metadata('orderId', '7')
      .idempotencyKey('order-7')
      .build();
    expect(message).toMatchObject({
      from: { name: 'Shop', address: 'shop@example.com' },
      to: ['ada@example.com', { name: 'Bob', address: 'bob@example.com' }],
      cc: ['c@example.com'],
      bcc: ['d@example.com'],
      replyTo: 'help@example.com',
      subject: 'Order 7 for Ada',
      headers: { 'X-Order': '7' },
      tags: ['orders'],
      metadata: { orderId: '7' },
      idempotencyKey: 'order-7',
    });
    expect(message.html).toContain('<p>Note: &lt;script&gt;x&lt;/script&gt;</p>');
    expect(message.text).toContain('HI ADA');
    expect(message.text).toContain('track [https://example.com/o/7]');
    expect(message.attachments).toEqual([
      { filename: 'logo.png', content: png, contentType: 'image/png', contentId: 'logo' },
      { filename: 'r.txt', content: 'receipt' },
    ]);
    expect(() => assertSendableMail(message, 'x')).not.toThrow();
  });

  it('keeps an explicit text part and renders text templates without HTML escaping', async () => {
    const message = await new Mailable()
      .to('a@example.com')
      .subject('s')
      .template({ text: 'Hello {{name}}', html: '<p>{{name}}</p>' }, { name: 'A & B' })
      .build();
    expect(message.text).toBe('Hello A & B');
    expect(message.html).toBe('<p>A &amp; B</p>');
  });

  it('a template value with a line break in the subject is caught as header injection', async () => {
    const message = await new Mailable()
      .to('a@example.com')
      .subject('Hi {{name}}')
      .template({ text: 'x' }, { name: 'x\r\nBcc: v@example.com' })
      .build();
    expect(() => assertSendableMail(message, 'm')).toThrow(
      /header injection refused: "subject" contains a line break/,
    );
  });

  it.each([
    [{ to: [] }, /at least one "to"/],
    [{ to: ['a@example'] }, /invalid address "a@example"/],
    [{ cc: ['no spaces@example.com'] }, /"cc\[0\]" has an invalid address/],
    [
      { replyTo: { name: 'x\ny', address: 'a@example.com' } },
      /"replyTo.name" contains a line break/,
    ],
    [{ text: undefined, html: undefined }, /needs a text or an html body/],
    [{ tags: ['a\nb'] }, /tag/],
    [{ metadata: { 'bad key': 'v' } }, /metadata key "bad key" must be a token/],
    [
      { attachments: [{ filename: 'a\r\n.txt', content: 'x' }] },
      /"attachments\[0\].filename" contains/,
    ],
  ])('rejects %j before sending', (patch, message) => {
    expect(() =>
      assertSendableMail(
        { from: 'f@example.com', to: ['a@example.com'], subject: 's', text: 't', ...patch } as any,
        'm',
      ),
    ).toThrow(message);
  });
});
