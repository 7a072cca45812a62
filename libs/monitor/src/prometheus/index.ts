/**
 * `@herald/monitor/prometheus`: the parts typed by prom-client, for apps that
 * install it (`npm install prom-client`). `MonitorModule` with
 * `backendType: 'prometheus'` builds the backend itself; import from here to
 * build one in code or to reach its prom-client `Registry`.
 */
export {
  PrometheusMetricsBackend,
  type PrometheusBackendOptions,
} from '../metrics/backends/prometheus-metrics.backend.js';
export { ScrapeAdapter } from '../metrics/scrape/scrape-adapter.js';
