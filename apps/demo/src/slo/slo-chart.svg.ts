import { escapeHtml } from '../admin/html.util.js';
import { burnLevel, type BurnLevel, type SloReportEntry } from './slo-report.util.js';

/** Fill colour of each burn level (the text always says the level too: colour is never the only cue). */
export const BURN_COLOURS: Readonly<Record<BurnLevel, string>> = {
  ok: '#15803d',
  ticket: '#a16207',
  page: '#c2410c',
  'fast-page': '#b91c1c',
};

const LEVEL_NAMES: Readonly<Record<BurnLevel, string>> = {
  ok: 'ok',
  ticket: 'ticket',
  page: 'page',
  'fast-page': 'fast page',
};

/** Chart geometry, in SVG user units. */
export const CHART = {
  width: 640,
  height: 300,
  budget: { x: 16, y: 96, width: 608, height: 12 },
  plot: { x0: 72, x1: 624, yTop: 150, yBottom: 264 },
} as const;

/** One bar of the burn-rate chart. */
export interface BarLayout {
  window: string;
  x: number;
  y: number;
  width: number;
  height: number;
  colour: string;
  level: BurnLevel;
  /** `4.00×`, or `∞` for an infinite burn. */
  label: string;
}

/** A dashed line at an alert factor that fits the scale. */
export interface ThresholdLayout {
  factor: number;
  y: number;
  colour: string;
  label: string;
}

/** Where everything goes; `renderSloChart` draws exactly this. */
export interface SloChartLayout {
  /** Top of the burn-rate scale (1, 2, 5 × a power of ten, at least 2). */
  yMax: number;
  bars: BarLayout[];
  thresholds: ThresholdLayout[];
  budget: { fillWidth: number; colour: string; label: string };
}

const round = (n: number): number => Math.round(n * 100) / 100;

/** `4.00×`, `∞`. */
export function formatBurn(rate: number | null): string {
  return rate === null ? '∞' : `${rate.toFixed(2)}×`;
}

/** `80`, `99.5` (a fraction as a percentage, one decimal at most). */
export function formatPercent(fraction: number): string {
  return String(Number((fraction * 100).toFixed(1)));
}

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value`, at least 2. */
export function niceCeiling(value: number): number {
  if (!(value > 2)) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function budgetColour(entry: SloReportEntry): string {
  const left = entry.errorBudget.remaining;
  if (left <= 0) return BURN_COLOURS['fast-page'];
  if (left < 0.5) return BURN_COLOURS.ticket;
  return BURN_COLOURS.ok;
}

function budgetLabel(entry: SloReportEntry): string {
  const { remaining, exhausted } = entry.errorBudget;
  return exhausted
    ? 'Error budget left: 0 % (budget exhausted)'
    : `Error budget left: ${formatPercent(remaining)} %`;
}

/** The geometry of one SLO's chart: bar and threshold positions, budget fill. */
export function layoutSloChart(entry: SloReportEntry): SloChartLayout {
  const { x0, x1, yTop, yBottom } = CHART.plot;
  const plotHeight = yBottom - yTop;
  const finiteRates = entry.burnRates.flatMap((b) => (b.burnRate === null ? [] : [b.burnRate]));
  const yMax = niceCeiling(Math.max(0, ...finiteRates));
  const yOf = (value: number) => round(yBottom - (Math.min(value, yMax) / yMax) * plotHeight);
  const slot = entry.burnRates.length > 0 ? (x1 - x0) / entry.burnRates.length : 0;
  const barWidth = round(slot * 0.5);
  const bars: BarLayout[] = entry.noData
    ? []
    : entry.burnRates.map((b, i) => {
        const top = b.burnRate === null ? yTop : yOf(b.burnRate);
        return {
          window: b.window,
          x: round(x0 + slot * i + (slot - barWidth) / 2),
          y: top,
          width: barWidth,
          height: round(yBottom - top),
          colour: BURN_COLOURS[b.level],
          level: b.level,
          label: formatBurn(b.burnRate),
        };
      });
  const factors = new Map<number, 'page' | 'ticket'>();
  for (const t of entry.thresholds) factors.set(t.factor, t.severity);
  const thresholds = [...factors.entries()]
    .filter(([factor]) => factor <= yMax)
    .sort(([a], [b]) => b - a)
    .map(([factor, severity]) => {
      const level = burnLevel(factor);
      return {
        factor,
        y: yOf(factor),
        colour: BURN_COLOURS[level],
        label: `${factor}× ${severity}`,
      };
    });
  const remaining = Math.min(1, Math.max(0, entry.errorBudget.remaining));
  return {
    yMax,
    bars,
    thresholds,
    budget: {
      fillWidth: round(CHART.budget.width * remaining),
      colour: budgetColour(entry),
      label: budgetLabel(entry),
    },
  };
}

function sliLines(entry: SloReportEntry): [string, string] {
  const { target, sli } = entry;
  const p = `p${Number((target.percentile * 100).toFixed(3))}`;
  if (sli.measuredValueMs === null || sli.goodFraction === null) {
    return [
      `SLI ${p}: no data yet (target ≤ ${target.thresholdMs} ms over ${target.window})`,
      `No samples in the last ${target.window}; objective ${formatPercent(target.percentile)} % good`,
    ];
  }
  return [
    `SLI ${p}: ${round(sli.measuredValueMs)} ms (target ≤ ${target.thresholdMs} ms over ${target.window})`,
    `${formatPercent(sli.goodFraction)} % of ${sli.samples} samples good; objective ${formatPercent(target.percentile)} %`,
  ];
}

/** The chart's text alternative: every number the picture shows. */
export function describeSloChart(entry: SloReportEntry): string {
  const [sli, good] = sliLines(entry);
  const burns = entry.noData
    ? 'Burn rate: no data yet.'
    : `Burn rate by window: ${entry.burnRates
        .map((b) => `${b.window} ${formatBurn(b.burnRate)} (${LEVEL_NAMES[b.level]})`)
        .join(', ')}.`;
  const alerts = entry.thresholds
    .map(
      (t) =>
        `${t.factor}× ${t.severity} over ${t.longWindow} and ${t.shortWindow} ${t.firing ? 'firing' : 'not firing'}`,
    )
    .join('; ');
  return `${sli}. ${good}. ${budgetLabel(entry)}. ${burns} Alerts: ${alerts}.`;
}

const attr = (value: unknown): string => escapeHtml(value);

/**
 * One SLO as an inline SVG: the SLI against its target, the error budget left
 * as a bar, and the burn rate over each window as bars coloured by alert level
 * with dashed lines at the alert factors. Every text is escaped; `<title>` and
 * `<desc>` carry a text alternative. `id` prefixes the element ids (letters,
 * digits, `-` and `_` only; anything else becomes `-`).
 */
export function renderSloChart(entry: SloReportEntry, id: string): string {
  const safeId = id.replace(/[^A-Za-z0-9_-]/g, '-');
  const layout = layoutSloChart(entry);
  const { width, height, budget, plot } = CHART;
  const [sli, good] = sliLines(entry);
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="slo-chart" role="img" width="${width}" height="${height}"`,
    ` viewBox="0 0 ${width} ${height}" aria-labelledby="${safeId}-title" aria-describedby="${safeId}-desc"`,
    ` data-slo="${attr(entry.name)}" data-budget-exhausted="${entry.errorBudget.exhausted}">`,
    `<title id="${safeId}-title">${attr(`SLO ${entry.name}: error budget and burn rate`)}</title>`,
    `<desc id="${safeId}-desc">${attr(describeSloChart(entry))}</desc>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff" stroke="#d8dde6"/>`,
    `<text x="16" y="24" font-size="16" font-weight="600" fill="#1d2330">${attr(entry.name)}</text>`,
    `<text class="sli" x="16" y="46" font-size="13" fill="#1d2330">${attr(sli)}</text>`,
    `<text class="sli-good" x="16" y="64" font-size="13" fill="#4b5563">${attr(good)}</text>`,
    `<text class="budget-label" x="16" y="88" font-size="13" fill="${layout.budget.colour}">${attr(layout.budget.label)}</text>`,
    `<rect class="budget-track" x="${budget.x}" y="${budget.y}" width="${budget.width}" height="${budget.height}"`,
    ` fill="${entry.errorBudget.exhausted ? '#fde8e8' : '#e5e7eb'}" stroke="${entry.errorBudget.exhausted ? BURN_COLOURS['fast-page'] : 'none'}"/>`,
    `<rect class="budget-fill" x="${budget.x}" y="${budget.y}" width="${layout.budget.fillWidth}" height="${budget.height}" fill="${layout.budget.colour}"/>`,
    `<text x="16" y="134" font-size="13" font-weight="600" fill="#1d2330">Burn rate by window</text>`,
    `<line x1="${plot.x0}" y1="${plot.yBottom}" x2="${plot.x1}" y2="${plot.yBottom}" stroke="#6b7280"/>`,
    `<text class="y-max" x="${plot.x0 - 8}" y="${plot.yTop + 4}" font-size="11" text-anchor="end" fill="#4b5563">${attr(`${layout.yMax}×`)}</text>`,
  );
  for (const t of layout.thresholds) {
    parts.push(
      `<line class="threshold" data-factor="${t.factor}" x1="${plot.x0}" y1="${t.y}" x2="${plot.x1}" y2="${t.y}" stroke="${t.colour}" stroke-dasharray="4 3"/>`,
      `<text x="${plot.x0 - 6}" y="${round(t.y + 3)}" font-size="10" text-anchor="end" fill="${t.colour}">${attr(t.label)}</text>`,
    );
  }
  if (entry.noData) {
    parts.push(
      `<text class="empty" x="${(plot.x0 + plot.x1) / 2}" y="${(plot.yTop + plot.yBottom) / 2}" font-size="14" text-anchor="middle" fill="#6b7280">no data yet</text>`,
    );
  }
  for (const bar of layout.bars) {
    const centre = round(bar.x + bar.width / 2);
    parts.push(
      `<rect class="bar" data-window="${attr(bar.window)}" data-level="${bar.level}" x="${bar.x}" y="${bar.y}" width="${bar.width}" height="${bar.height}" fill="${bar.colour}"/>`,
      `<text class="bar-value" x="${centre}" y="${round(bar.y - 4)}" font-size="11" text-anchor="middle" fill="#1d2330">${attr(bar.label)}</text>`,
    );
  }
  const slot = entry.burnRates.length > 0 ? (plot.x1 - plot.x0) / entry.burnRates.length : 0;
  entry.burnRates.forEach((b, i) => {
    parts.push(
      `<text class="window" x="${round(plot.x0 + slot * (i + 0.5))}" y="${plot.yBottom + 18}" font-size="12" text-anchor="middle" fill="#1d2330">${attr(b.window)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
