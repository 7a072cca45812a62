import { MULTI_BURN_RATE_WINDOWS } from '@herald/monitor';
import { html, raw } from '../admin/html.util.js';
import { BURN_COLOURS, renderSloChart } from './slo-chart.svg.js';
import { burnLevel, windowLabel, type BurnLevel, type SloReport } from './slo-report.util.js';

/** Path of the signed-in SLO chart page (an admin contributor page). */
export const SLO_REPORT_PAGE_PATH = '/admin/slos';
/** Path of the same numbers as JSON. */
export const SLO_REPORT_JSON_PATH = '/admin/slos/report';

const FACTORS = [...MULTI_BURN_RATE_WINDOWS].sort((a, b) => a.factor - b.factor);

/** Each colour and the burn rates it stands for, from the engine's alert factors. */
const LEGEND: Array<[BurnLevel, string]> = [
  ['ok', `below ${FACTORS[0].factor}× (within budget)`],
  ...FACTORS.map((w): [BurnLevel, string] => [
    burnLevel(w.factor),
    `${w.factor}× or more (${burnLevel(w.factor).replace('-', ' ')})`,
  ]),
];

/** `14.4× over 1h and 5m (page)`, one per alert of the engine. */
const ALERTS = MULTI_BURN_RATE_WINDOWS.map(
  (w) =>
    `${w.factor}× over ${windowLabel(w.longWindowMs)} and ${windowLabel(w.shortWindowMs)} (${w.severity})`,
).join(', ');

/** The SLO chart page body: one server-rendered SVG chart per SLO. */
export function renderSloReportPage(report: SloReport): string {
  const charts = report.slos.map(
    (entry, i) =>
      html`<figure class="slo-figure" id="slo-${i}">
        ${raw(renderSloChart(entry, `slo-chart-${i}`))}
        <figcaption>
          ${entry.description ?? entry.name} · metric <code>${entry.metric}</code> · tier
          ${entry.tier}${entry.owner ? ` · owner ${entry.owner}` : ''}
        </figcaption>
      </figure>`,
  );
  const legend = LEGEND.map(
    ([level, text]) =>
      html`<li>
        <svg width="12" height="12" aria-hidden="true" focusable="false">
          <rect width="12" height="12" fill="${BURN_COLOURS[level]}" />
        </svg>
        ${text}
      </li>`,
  );
  return html`<style>
      .slo-figure {
        margin: 0 0 1.5rem;
      }
      .slo-figure svg {
        display: block;
        max-width: 100%;
        height: auto;
      }
      .slo-legend {
        display: flex;
        flex-wrap: wrap;
        gap: 1rem;
        list-style: none;
        padding: 0;
      }
    </style>
    <h1>SLO budgets</h1>
    <p>
      Each SLO's current value against its target, the error budget left over its own window, and
      the burn rate over the windows of the multi-window alerts (SRE Workbook: ${ALERTS}), from the
      samples
      <code>SLOMonitor</code> holds now. Record samples on <a href="/slos">the SLO demo page</a>;
      the same numbers as JSON: <a href="${SLO_REPORT_JSON_PATH}">${SLO_REPORT_JSON_PATH}</a>.
    </p>
    <ul class="slo-legend" aria-label="Burn-rate colours">
      ${legend}
    </ul>
    ${charts.length > 0 ? charts : raw('<p class="empty">No SLO is registered.</p>')}
    <p>
      <small
        >Generated at ${report.generatedAt}. The monitor keeps the last
        ${report.maxSamplesPerMetric} samples of each metric, so the long windows of a busy metric
        see less than their full length; for alerting over 3 days use the Prometheus rules
        (<code>toPrometheusRules()</code>).</small
      >
    </p>`;
}
