#!/usr/bin/env node
// The README's screenshots of the page, made again:
//
//   cargo build --release --example serve
//   node tests/browser/screenshots.mjs
//
// writes docs/web-desktop.png (1200x860) and docs/web-phone.png (390x844):
// Peralikatuma against the machine (hard) after 1. e4-e5 e6xe4, with
// White's piece on e3 picked and its jump marked; and docs/web-analysis.png
// (1200x860): the analysis board on the same position, its three best
// lines at depth 8 or deeper.

import path from 'node:path';
import { launchBrowser, root, startServer } from './harness.mjs';
import { point, request, settle } from './page.mjs';

const RECORD = '[Variant "Peralikatuma"]\n\n1. e4-e5 e6xe4 *\n';

const shots = [
  { file: 'docs/web-desktop.png', viewport: { width: 1200, height: 860 } },
  { file: 'docs/web-phone.png', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

const analysisShot = { file: 'docs/web-analysis.png', viewport: { width: 1200, height: 860 } };

async function shootAnalysis(browser, base, { file, ...options }) {
  const context = await browser.newContext({ baseURL: base, ...options });
  try {
    const page = await context.newPage();
    await page.goto('/analysis?variant=peralikatuma&turns=e4-e5;e6xe4');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pv"]').length >= 3 &&
      Number((document.querySelector('[data-testid="depth"]').textContent.match(/\d+/) ?? [0])[0]) >= 8, null, { timeout: 60_000 });
    // The server looks for a proof of the game the first time it is asked
    // (Peralikatuma has none): the page says it is being read until then.
    await page.waitForFunction(() => !document.querySelector('[data-testid="verdict"]').textContent.includes('being read'), null, { timeout: 30_000 });
    await page.screenshot({ path: path.join(root, file) });
    console.log(`wrote ${file}`);
  } finally {
    await context.close();
  }
}

async function shoot(browser, base, { file, ...options }) {
  const context = await browser.newContext({ baseURL: base, ...options });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const created = await request(page, 'POST', '/api/games', { record: RECORD, opponent: 'hard', colour: 'white' });
    if (created.status !== 201) throw new Error(`the game was not made: ${JSON.stringify(created.body)}`);
    await page.goto(created.body.url);
    await settle(page);
    await point(page, 'e3').click();
    await page.waitForSelector('[data-point="e3"].selected', { state: 'attached' });
    await page.screenshot({ path: path.join(root, file) });
    console.log(`wrote ${file}`);
  } finally {
    await context.close();
  }
}

const server = await startServer();
let browser = null;
try {
  browser = await launchBrowser();
  for (const shot of shots) await shoot(browser, server.base, shot);
  await shootAnalysis(browser, server.base, analysisShot);
} catch (error) {
  console.error(error.stack ?? error);
  process.exitCode = 1;
} finally {
  if (browser) await browser.close().catch(() => {});
  await server.stop();
}
