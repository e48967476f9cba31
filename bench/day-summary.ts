// summary_render_ms and summary_pdf_ms: the day summary of a store day with 10,000 detail rows.
// Browser mode runs in this process on a training mock seeded with 10,000 billed fundings (the
// summary and its print view fetch through the real bridge, handlers, client and mock).
//
// Render: the sale screen is loaded fresh (so no summary is cached in the store), the page's
// background fetch of the supervisor screens' code is let finish (renderer/lazy-views.ts marks
// <html data-views-loaded>: a supervisor opens F6 during a shift, not within a frame of the
// start; `summary_first_open_ms` says what the first open costs when it does not wait), then
// the hash moves to #/summary, as F6 does; "interactive" = the virtualized detail table has a
// data row, the Load button is enabled again, and the next frame has been produced.
// PDF (summary_pdf_ms): the day close's A4 PDF as the app makes it: print.pdf over the loopback
// bridge, which fetches the summary from the mock, reads the journal, lays the document out and
// writes it with pdfkit in the main process. Baseline (summary_pdf_chromium_ms): the previous
// way, the A4 print view loaded fresh (as the Electron shell's print path loads it in its own
// window) until every detail row is in the DOM, then Chromium's page.pdf.
import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { createMockApp } from '../electron/mock/app';
import { dayInZone } from '../electron/mock/clock';
import { daySummary } from '../electron/mock/in-store/day-summary';
import { startBrowserMode } from '../electron/web/browser-mode';
import { launchChromium, waitInPage } from './chromium';
import { SALE_READY_PROBE } from './ready-probe';
import { seedBilledFundings } from './seed-mock';
import { median, now, round, roundAll } from './stats';
import { makeTempDir, prepareTerminal } from './terminal-setup';

const SUMMARY_PROBE = `(() => {
  const stamp = () => performance.timeOrigin + performance.now();
  const ready = () => {
    const row = document.querySelector('[data-testid="summary-table"] tbody tr[aria-rowindex]');
    const load = document.querySelector('form.summary-query button[type="submit"]');
    return row !== null && load !== null && !load.disabled;
  };
  window.__benchSummaryReady = undefined;
  window.__benchSummaryPainted = undefined;
  const check = () => {
    if (window.__benchSummaryReady !== undefined || !ready()) return;
    window.__benchSummaryReady = stamp();
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__benchSummaryPainted = stamp(); }, 0));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  const started = stamp();
  location.hash = '#/summary';
  return started;
})()`;

export type SummaryResult = {
  summary_render_ms: number;
  summary_pdf_ms: number;
  summary_pdf_chromium_ms: number;
  details: Record<string, unknown>;
};

export async function measureDaySummary(options: {
  rows: number;
  renderRuns: number;
  pdfRuns: number;
}): Promise<SummaryResult> {
  const mock = await createMockApp();
  const day = dayInZone(mock.mockContext.clock.now(), mock.mockContext.state.merchant.time_zone);
  seedBilledFundings(mock.mockContext.state, options.rows, mock.mockContext.clock.now());
  // The scenario catalogue seeds a few billed fundings of its own: the detail has those too.
  const rows = daySummary(mock.mockContext.state, day, true).order_detail?.length ?? 0;
  const dataDir = await makeTempDir('summary');
  const mode = await startBrowserMode({ dataDir, port: 0, backend: { trainingApp: mock } });
  const browser = await launchChromium();
  try {
    await prepareTerminal(mode.backend.table);
    const bridgeMs = await timeBridge(mode.url, mode.secret, day, 5);

    const render: Array<{ ready_ms: number; painted_ms: number }> = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(SALE_READY_PROBE);
    for (let i = 0; i < options.renderRuns + 1; i++) {
      await page.goto(`${mode.launchUrl}#/sale`);
      await waitInPage(page, 'window.__benchPainted !== undefined');
      await waitInPage(page, 'document.documentElement.dataset.viewsLoaded !== undefined');
      const started = (await page.evaluate(SUMMARY_PROBE)) as number;
      await waitInPage(page, 'window.__benchSummaryPainted !== undefined');
      const marks = (await page.evaluate(
        '({ ready: window.__benchSummaryReady, painted: window.__benchSummaryPainted })',
      )) as { ready: number; painted: number };
      // The first pass warms the page cache and the JIT of both sides; not counted.
      if (i > 0)
        render.push({ ready_ms: marks.ready - started, painted_ms: marks.painted - started });
    }
    // The same without waiting for the background fetch: F6 within a frame of the start, so the
    // summary's code loads on the way (reported, not a goal).
    await page.goto(`${mode.launchUrl}#/sale`);
    await waitInPage(page, 'window.__benchPainted !== undefined');
    const firstStarted = (await page.evaluate(SUMMARY_PROBE)) as number;
    await waitInPage(page, 'window.__benchSummaryPainted !== undefined');
    const firstOpenMs =
      ((await page.evaluate('window.__benchSummaryPainted')) as number) - firstStarted;
    const rowsShown = await countRows(
      page,
      `${mode.launchUrl}#/print/day-summary?day=${day}&layout=a4`,
    );
    // The A4 view has a row per detail row, plus subtotals and the reconciliation's exceptions.
    if (rowsShown < rows) throw new Error(`print view shows ${rowsShown} rows, not ${rows}`);

    const pdf: Array<{ view_ms: number; pdf_ms: number; bytes: number; total_ms: number }> = [];
    for (let i = 0; i < options.pdfRuns; i++)
      pdf.push(await printOnce(page, mode.launchUrl, day, rowsShown));
    const ownPdf: number[] = [];
    // The first call warms the JIT and pdfkit's font loading; not counted.
    for (let i = 0; i < options.pdfRuns + 1; i++) {
      const ms = await timePdf(mode.url, mode.secret, day);
      if (i > 0) ownPdf.push(ms);
    }

    return {
      summary_render_ms: round(median(render.map((r) => r.painted_ms)), 1),
      summary_pdf_ms: round(median(ownPdf), 1),
      summary_pdf_chromium_ms: round(median(pdf.map((p) => p.total_ms)), 1),
      details: {
        seeded_billed_fundings: options.rows,
        detail_rows: rows,
        render_runs: options.renderRuns,
        pdf_runs: options.pdfRuns,
        render_ready:
          'hash → #/summary (the deferred screens fetched) until a detail row and an enabled Load button, then next frame',
        summary_first_open_ms: round(firstOpenMs, 1),
        pdf: 'print.pdf over the loopback bridge: summary from the mock, journal, layout, pdfkit, file written',
        pdf_samples_ms: roundAll(ownPdf, 1),
        pdf_chromium:
          'baseline: fresh load of #/print/day-summary?layout=a4 until every row is in the DOM, then page.pdf (preferCSSPageSize)',
        bridge_v2_day_summary_ms: roundAll(bridgeMs.summary, 1),
        bridge_journal_operations_ms: roundAll(bridgeMs.journal, 1),
        render_samples: render.map((r) => ({
          ready_ms: round(r.ready_ms, 1),
          painted_ms: round(r.painted_ms, 1),
        })),
        pdf_chromium_samples: pdf.map((p) => ({
          view_ms: round(p.view_ms, 1),
          pdf_ms: round(p.pdf_ms, 1),
          total_ms: round(p.total_ms, 1),
          bytes: p.bytes,
        })),
        pdf_chromium_parts_median_ms: {
          print_view: round(median(pdf.map((p) => p.view_ms)), 1),
          page_pdf: round(median(pdf.map((p) => p.pdf_ms)), 1),
        },
      },
    };
  } finally {
    await browser.close();
    await mode.close();
    await mock.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const PRINT_ROWS = `document.querySelectorAll('.block-page .print-detail tr').length`;

async function countRows(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await waitInPage(page, `${PRINT_ROWS} > 0`);
  return (await page.evaluate(PRINT_ROWS)) as number;
}

async function printOnce(page: Page, url: string, day: string, rows: number) {
  await page.goto('about:blank');
  const started = now();
  await page.goto(`${url}#/print/day-summary?day=${day}&layout=a4`);
  await waitInPage(page, `${PRINT_ROWS} === ${rows}`);
  const viewReady = now();
  const buffer = await page.pdf({ preferCSSPageSize: true, printBackground: false });
  const done = now();
  return {
    view_ms: viewReady - started,
    pdf_ms: done - viewReady,
    total_ms: done - started,
    bytes: buffer.length,
  };
}

/** print.pdf of the day close, timed from here over the loopback bridge. */
async function timePdf(url: string, secret: string, day: string): Promise<number> {
  const started = now();
  const response = await fetch(`${url}bridge/print.pdf`, {
    method: 'POST',
    headers: { 'X-Mostrador-Secret': secret, 'Content-Type': 'application/json' },
    body: JSON.stringify({ request: { document: 'day-close', day } }),
  });
  const body = (await response.json()) as { ok?: boolean; error?: unknown };
  if (!body.ok) throw new Error(`print.pdf failed over the bridge: ${JSON.stringify(body.error)}`);
  return now() - started;
}

/** The two bridge calls the summary screen makes, timed from here over the loopback bridge. */
async function timeBridge(url: string, secret: string, day: string, runs: number) {
  const call = async (method: string, args: unknown) => {
    const started = now();
    const response = await fetch(`${url}bridge/${method}`, {
      method: 'POST',
      headers: { 'X-Mostrador-Secret': secret, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const body = (await response.json()) as { ok?: boolean };
    if (!body.ok) throw new Error(`${method} failed over the bridge`);
    return now() - started;
  };
  const summary: number[] = [];
  const journal: number[] = [];
  for (let i = 0; i < runs; i++) {
    summary.push(await call('v2.daySummary', { day, detail: true }));
    journal.push(await call('journal.operations', { day }));
  }
  return { summary, journal };
}
