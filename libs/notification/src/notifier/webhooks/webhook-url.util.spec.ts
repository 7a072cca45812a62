import { isPrivateAddress, webhookUrlProblem } from './webhook-url.util.js';

describe('webhook URLs and SSRF', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd12::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    'ff02::1',
  ])('%s is private', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    'example.com',
  ])('%s is not private', (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it.each([
    [42, /http\(s\) URL of at most 2048/],
    ['', /http\(s\) URL/],
    ['/relative', /absolute http\(s\) URL/],
    ['ftp://example.com/x', /must use http or https \(got "ftp"\)/],
    ['https://user:pw@example.com/x', /must not carry credentials/],
    ['https://example.com/x#frag', /#fragment/],
    ['http://127.0.0.1:8080/hook', /loopback or private address .*allowPrivateTargets/],
    ['http://[::1]/hook', /loopback or private/],
    ['http://localhost/hook', /loopback or private/],
    ['http://api.localhost/hook', /loopback or private/],
    ['http://169.254.169.254/latest/meta-data', /loopback or private/],
    [`https://example.com/${'a'.repeat(2048)}`, /at most 2048/],
  ])('refuses %p', (url, message) => expect(webhookUrlProblem(url, false)).toMatch(message));

  it('accepts public http(s) URLs, and private ones when allowed', () => {
    expect(webhookUrlProblem('https://hooks.example.com/in?x=1', false)).toBeUndefined();
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook', true)).toBeUndefined();
    expect(webhookUrlProblem('ftp://127.0.0.1/hook', true)).toMatch(/http or https/);
  });
});
