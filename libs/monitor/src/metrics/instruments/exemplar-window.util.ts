/*
 * Why windows: finding the current span costs an AsyncLocalStorage lookup
 * (tens of nanoseconds, several times a counter increment), and reading the
 * clock for the exemplar's timestamp as much again. A scrape only ever shows
 * the latest exemplar of a series, so each series (or histogram bucket)
 * looks for the span once per short window and keeps what it found; every
 * other value recorded in that window costs one comparison. The window
 * number is advanced by one unref'd timer for the whole process, started
 * when the first instrument turns exemplars on: a coarse clock, not state
 * of any application.
 */

/** Length of an exemplar window, in milliseconds. */
export const EXEMPLAR_WINDOW_MS = 100;

/** @internal the number of the current window. */
export const exemplarWindow = { current: 0 };

let timer: NodeJS.Timeout | undefined;

/** @internal starts advancing `exemplarWindow` (once per process). */
export function startExemplarWindows(): void {
  if (timer !== undefined) return;
  timer = setInterval(() => {
    exemplarWindow.current++;
  }, EXEMPLAR_WINDOW_MS);
  timer.unref();
}
