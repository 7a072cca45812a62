import { HeraldConfigError } from '@herald/contracts';
import { resolveUnsubscribeOptions } from './resolve-unsubscribe-options.util.js';

const PLANT = 'S3CRETplant';
const secret = 'k'.repeat(40);

describe('resolveUnsubscribeOptions: the url never shows its credentials', () => {
  it.each([
    [`https://user:${PLANT}@app.example/unsubscribe`, 'must not carry credentials'],
    [`user:${PLANT}@app.example/unsubscribe`, 'must be https://'],
    [`https://user:${PLANT} x@app.example/unsubscribe`, 'must be an absolute URL'],
    [`https//user:${PLANT}@app.example/unsubscribe`, 'must be an absolute URL'],
    [`ftp://app.example/unsubscribe?token=${PLANT}`, 'must be https://'],
    [
      [`https://user:${PLANT}@app.example/unsubscribe`],
      'must be an absolute URL such as https://app.example.com/unsubscribe (got a list of 1 item)',
    ],
    [
      { href: `https://user:${PLANT}@app.example` },
      'must be an absolute URL such as https://app.example.com/unsubscribe (got an object)',
    ],
  ])('%p → %s', (url, expected) => {
    let error: unknown;
    try {
      resolveUnsubscribeOptions({ secret, url: url as string });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect((error as Error).message).toContain(`SuppressionModule.unsubscribe.url: ${expected}`);
    const shown = `${(error as Error).stack} ${JSON.stringify((error as HeraldConfigError).problems)}`;
    expect(shown).not.toContain(PLANT);
  });

  it('accepts an https URL without credentials', () => {
    expect(resolveUnsubscribeOptions({ secret, url: 'https://app.example/u' }).url).toBe(
      'https://app.example/u',
    );
  });
});
