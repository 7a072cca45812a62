import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Built {
  html?: string;
  text?: string;
}
interface Failure {
  name: string;
  code?: string;
  message: string;
}
interface Rendered {
  plain: Built;
  hostile: Built;
  ownText: Built;
  broken: Failure | null;
  notElement: Failure | null;
}

/** Mailable.react() with @react-email/render, in a plain Node process on the built package. */
describe('Mailable.react() (React Email adapter)', () => {
  let out: Rendered;

  beforeAll(async () => {
    const { stdout } = await run(
      process.execPath,
      [join(__dirname, 'helpers', 'react-email-render.mjs')],
      {
        cwd: join(__dirname, '..'),
      },
    );
    out = JSON.parse(stdout) as Rendered;
  });

  it('renders the component to the HTML part and React Email plain text to the text part', () => {
    expect(out.plain.html).toContain('<h1>Hello Ada</h1>');
    expect(out.plain.html).toContain('href="https://example.com/t/1"');
    expect(out.plain.html?.startsWith('<!DOCTYPE html')).toBe(true);
    expect(out.plain.text).toContain('HELLO ADA');
    expect(out.plain.text).toContain('Track it');
    expect(out.plain.text).toContain('https://example.com/t/1');
    expect(out.plain.text).not.toContain('<');
  });

  it('escapes values, as JSX does', () => {
    expect(out.hostile.html).not.toContain('<script>');
    expect(out.hostile.html).toContain('&lt;script&gt;');
  });

  it('keeps a text part the mailable set itself', () => {
    expect(out.ownText.text).toBe('plain words');
    expect(out.ownText.html).toContain('Hello Ada');
  });

  it('turns a component that throws into a TemplateRenderError naming the component', () => {
    expect(out.broken).toEqual({
      name: 'TemplateRenderError',
      code: 'HERALD_TEMPLATE_RENDER',
      message: 'template <Broken> failed to render: order is undefined',
    });
  });

  it('refuses what is not a React element, saying what it takes', () => {
    expect(out.notElement?.name).toBe('TypeError');
    expect(out.notElement?.message).toMatch(/takes a React element .* \(got string\)/);
  });
});
