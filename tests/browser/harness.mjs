// What the browser tests stand on: the release server on a port of its own
// with a fresh data directory, and Debian's Chromium driven by Playwright.
// Both are stopped through the handles started here, never by name.

import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');

/** The server binary: `$SERVE`, else the release build of examples/serve.rs. */
export const serveBinary = process.env.SERVE ?? path.resolve(here, '../../target/release/examples/serve');

/** The tablebase example (it builds endgame tables): `$TABLEBASE`, else the one beside the server binary. */
export const tablebaseBinary = process.env.TABLEBASE ?? path.join(path.dirname(serveBinary), 'tablebase');

/** The browser: `$CHROMIUM`, else Debian's. */
export const chromiumBinary = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Chromium's switches: headless, no sandbox (root in CI), and nothing that calls out to the network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The servers started and not yet stopped, by their `stop`. */
const running = new Set();

/** Stops every server still running (on an interrupt). */
export async function stopAll() {
  await Promise.all([...running].map((stop) => stop()));
}

/** A fresh temporary data directory for the server. */
export const freshData = () => mkdtemp(path.join(tmpdir(), 'peralikatuma-browser-'));

/**
 * Starts the server and waits until it answers: on `port`, by default 0
 * (the system picks a free port, which the server prints), keeping games
 * in `data`, by default a fresh temporary directory (removed when the
 * server stops). Returns `{ base, port, data, log, stop }`: `log()` is what
 * it printed, `stop(signal)` stops it (SIGTERM unless told). `env` adds
 * to its environment (`ALQUERQUE_TABLEBASES`, ...).
 */
export async function startServer({ data = null, port = 0, timeout = 15_000, extra = [], env = {} } = {}) {
  const owned = data === null;
  if (owned) data = await freshData();
  const child = spawn(serveBinary, ['--port', String(port), '--bind', '127.0.0.1', '--data', data, '--thinkers', '2', '--at-once', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => { output += chunk; });
  child.stderr.setEncoding('utf8').on('data', (chunk) => { output += chunk; });
  let failed = null;
  child.on('error', (error) => { failed = error; });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // Killed with the runner, whatever happens to it.
  const orphan = () => child.kill('SIGKILL');
  process.on('exit', orphan);

  const stop = async (signal = 'SIGTERM') => {
    running.delete(stop);
    process.off('exit', orphan);
    if (child.exitCode === null && child.signalCode === null && !failed) {
      child.kill(signal);
      const late = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(late);
    }
    if (owned) await rm(data, { recursive: true, force: true });
  };
  running.add(stop);

  try {
    const deadline = Date.now() + timeout;
    let base = null;
    while (!base) {
      if (failed) throw new Error(`cannot start ${serveBinary}: ${failed.message}`);
      if (child.exitCode !== null) throw new Error(`the server stopped at once (exit ${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server printed no address in ${timeout} ms:\n${output}`);
      const address = output.match(/http:\/\/[\d.]+:\d+\//);
      if (address) base = address[0].replace(/\/$/, '');
      else await sleep(20);
    }
    // It prints its address once it listens; wait until it answers too.
    for (;;) {
      try {
        const response = await fetch(`${base}/`);
        if (response.ok) break;
      } catch {
        // not yet
      }
      if (Date.now() > deadline) throw new Error(`the server at ${base} does not answer:\n${output}`);
      await sleep(20);
    }
    return { base, port: Number(new URL(base).port), data, log: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Builds the endgame tables of `variant` up to `pieces` pieces into a
 * fresh temporary directory with the tablebase example; returns
 * `{ dir, seconds }`, or throws with what the example printed.
 */
export async function buildTables(variant, pieces) {
  const dir = await mkdtemp(path.join(tmpdir(), 'peralikatuma-tables-'));
  const began = Date.now();
  const child = spawn(tablebaseBinary, ['--variant', variant, '--pieces', String(pieces), '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => { output += chunk; });
  child.stderr.setEncoding('utf8').on('data', (chunk) => { output += chunk; });
  const code = await new Promise((resolve) => {
    child.on('error', (error) => { output += String(error.message); resolve(-1); });
    child.on('exit', resolve);
  });
  if (code !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${tablebaseBinary} could not build the tables (exit ${code}):\n${output}`);
  }
  return { dir, seconds: (Date.now() - began) / 1000 };
}

/** Launches Chromium (headless) through Playwright. */
export function launchBrowser() {
  return chromium.launch({ executablePath: chromiumBinary, headless: true, args: chromiumArgs, timeout: 30_000 });
}
