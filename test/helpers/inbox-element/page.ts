import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build, stop } from 'esbuild';

const ROOT = join(__dirname, '..', '..', '..');

/** Bundles an entry (TypeScript, `.js` imports) for the browser, as one ES module. */
export async function bundle(entry: string, minify = false): Promise<string> {
  const out = await build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  await stop(); // no esbuild service left running after the test
  return out.outputFiles[0].text;
}

/**
 * Serves pages over HTTP on 127.0.0.1 (a real origin, so links resolve and
 * nothing is fetched from the network): `pages` maps a path to [content type, body].
 */
export async function servePages(
  pages: Record<string, [string, string]>,
  /** Requests under `prefix` go to `target` (an origin), streamed both ways: same-origin API calls. */
  proxy?: { prefix: string; target: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (proxy && req.url?.startsWith(proxy.prefix)) {
      const target = new URL(proxy.target);
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
      return;
    }
    const page = pages[(req.url ?? '/').split('?')[0]];
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': page[0], 'cache-control': 'no-store' }).end(page[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The element's test page: `window.herald` holds the element class, the locales and the fake client. */
export async function elementTestPage(
  proxy?: Parameters<typeof servePages>[1],
): Promise<{ url: string; close(): Promise<void> }> {
  const js = await bundle('test/helpers/inbox-element/page-entry.ts');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>herald-inbox test</title>
<script type="module" src="/app.js"></script></head>
<body><main><h1>Test page</h1><p><a href="#top">A link before the bell</a></p><div id="host"></div><p><button type="button" id="after" style="position:fixed;inset-inline-end:8px;inset-block-end:8px">After</button></p></main></body></html>`;
  return servePages({ '/': ['text/html', html], '/app.js': ['text/javascript', js] }, proxy);
}
