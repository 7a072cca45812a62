import { html } from '../admin/html.util.js';
import type { SloStateView } from './slo-state.util.js';

function fmt(value: number | null, digits = 1): string {
  return value === null ? '—' : value.toFixed(digits);
}

/** The SLO page body: a table of SLOs and a form that records samples. */
export function renderSloPage(slos: SloStateView[]): string {
  const rows = slos.map(
    (s) =>
      html`<tr class="${s.inViolation ? 'violation' : 'ok'}">
        <td>${s.name}<br /><small>${s.description ?? ''}</small></td>
        <td>${s.metric}</td>
        <td>p${s.percentile * 100} ≤ ${s.thresholdMs} ms / ${s.windowMs / 1000} s</td>
        <td>${s.tier}${s.owner ? ` · ${s.owner}` : ''}</td>
        <td>${s.sampleCount}</td>
        <td>${fmt(s.measuredValueMs)}</td>
        <td>${fmt(s.burnRate, 2)}</td>
        <td>${s.inViolation ? 'VIOLATED' : 'ok'}</td>
        <td>${fmt(s.errorBudget.budgetRemaining * 100, 0)} %</td>
        <td>${s.lastAlertAt ?? '—'}</td>
      </tr>`,
  );
  const options = slos.map((s) => html`<option value="${s.metric}">${s.metric}</option>`);
  return html`<style>
      .slos {
        border-collapse: collapse;
        width: 100%;
      }
      .slos td,
      .slos th {
        border-bottom: 1px solid #d8dde6;
        padding: 0.4rem;
        text-align: left;
        vertical-align: top;
      }
      .slos tr.violation td {
        background: #fde8e8;
      }
    </style>
    <h1>SLOs</h1>
    <p>
      Latency objectives evaluated by <code>SLOMonitor</code> (nearest-rank percentile over the
      window). Violations are dispatched through <code>ALERT_DISPATCHER</code> (the logging
      dispatcher here: watch the server log), at most once per suppression window per SLO. JSON:
      <a href="/slos/state">/slos/state</a>. Error budgets and burn rates as charts (signed-in):
      <a href="/admin/slos">SLO budgets</a>.
    </p>
    <table class="slos">
      <thead>
        <tr>
          <th>SLO</th>
          <th>metric</th>
          <th>objective</th>
          <th>tier</th>
          <th>samples</th>
          <th>measured ms</th>
          <th>burn rate</th>
          <th>state</th>
          <th>budget left</th>
          <th>last alert</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
    <h2>Record latency samples</h2>
    <p>
      Recording fires real alerts, so it needs a signed-in user (<a href="/auth/login?next=/slos"
        >sign in</a
      >).
    </p>
    <form id="samples">
      <select name="metric">
        ${options}
      </select>
      <input name="valueMs" type="number" value="900" min="0" /> ms ×
      <input name="count" type="number" value="50" min="1" max="10000" />
      <button type="submit">Record and evaluate</button>
    </form>
    <pre id="result"></pre>
    <script>
      document.getElementById('samples').addEventListener('submit', async (event) => {
        event.preventDefault();
        const body = Object.fromEntries(new FormData(event.target));
        const res = await fetch('/slos/samples', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        document.getElementById('result').textContent = JSON.stringify(await res.json(), null, 2);
        setTimeout(() => location.reload(), 1500);
      });
    </script>`;
}
