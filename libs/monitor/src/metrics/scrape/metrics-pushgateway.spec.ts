import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeraldValueError } from '../../errors/herald-value.error.js';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { createScrapeSource } from '../exposition/scrape-source.js';
import { MetricsPushgateway } from './metrics-pushgateway.js';

describe('MetricsPushgateway', () => {
  it('sends credentials of the URL as Basic auth, not in the request URL', async () => {
    const seen: Array<{
      url?: string;
      method?: string;
      headers: IncomingHttpHeaders;
      body: string;
    }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ url: req.url, method: req.method, headers: req.headers, body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const collector = new MetricsCollector();
      collector.increment('jobs', 3);
      const gateway = new MetricsPushgateway({
        url: `http://pusher:p%40ss@127.0.0.1:${(server.address() as AddressInfo).port}/`,
        source: createScrapeSource({ collector }),
        job: 'nightly',
        groupings: { instance: 'web-1' },
      });
      expect(await gateway.push()).toBe(200);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ method: 'PUT', url: '/metrics/job/nightly/instance/web-1' });
      expect(seen[0].headers.authorization).toBe(
        `Basic ${Buffer.from('pusher:p@ss').toString('base64')}`,
      );
      expect(seen[0].body).toContain('jobs_total 3');
    } finally {
      server.close();
    }
  });

  it.each([
    'not a url',
    'ftp://gateway:21',
    'http://user:hunter2@',
    'gw:hunter2@push.example:9091',
    'https//gw:hunter2@push.example:9091',
    'http://gw:hunter2 x@push.example:9091',
    'http://gw:hunter2/x@push.example:port',
    ['https://gw:hunter2@push.example:9091'],
  ] as string[])('refuses %j with a HeraldValueError that does not print the password', (url) => {
    const make = () => new MetricsPushgateway({ url, source: createScrapeSource({}) });
    expect(make).toThrow(HeraldValueError);
    expect(make).toThrow(/Invalid Pushgateway URL .*use an absolute http:\/\/ or https:\/\/ URL/);
    try {
      make();
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});
