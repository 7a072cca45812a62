import { scrubPii } from './scrub-pii.util.js';

describe('scrubPii', () => {
  it('drops IP, e-mail, cookies, auth and forwarding headers, REMOTE_ADDR; masks e-mails in text', () => {
    const event = {
      message: 'failed for bob@example.com',
      exception: { values: [{ type: 'Error', value: 'user alice@example.org not found' }] },
      user: { id: '42', ip_address: '10.0.0.7', email: 'alice@example.org', username: 'alice' },
      request: {
        url: 'http://app/orders?email=carol@example.com',
        method: 'GET',
        headers: {
          Cookie: 'sid=abc',
          Authorization: 'Bearer t0k3n',
          'X-Forwarded-For': '10.0.0.7',
          'x-api-key': 'k',
          accept: 'application/json',
        },
        cookies: { sid: 'abc' },
        env: { REMOTE_ADDR: '10.0.0.7', SERVER_NAME: 'app' },
      },
      breadcrumbs: [{ message: 'login dave@example.net' }],
    };
    const scrubbed = scrubPii(event);
    const text = JSON.stringify(scrubbed);
    for (const leaked of ['10.0.0.7', 'abc', 't0k3n', '@example.', 'alice']) {
      expect(text).not.toContain(leaked);
    }
    expect(scrubbed.user).toEqual({ id: '42' });
    expect(scrubbed.request?.headers).toEqual({ accept: 'application/json' });
    expect(scrubbed.request?.env).toEqual({ SERVER_NAME: 'app' });
    expect((scrubbed.exception as any).values[0].value).toBe('user [email] not found');
    expect(event.user.ip_address).toBe('10.0.0.7'); // the input is not mutated
  });

  it('removes an empty user entirely', () => {
    expect(scrubPii({ user: { ip_address: '1.2.3.4' } }).user).toBeUndefined();
  });
});
