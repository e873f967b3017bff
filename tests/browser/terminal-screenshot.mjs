#!/usr/bin/env node
// The README's screenshot of the terminal, made again:
//
//   cargo build --release --example play
//   node tests/browser/terminal-screenshot.mjs
//
// writes docs/terminal.png: the full screen of the play example in a tmux
// session of 100x32, Peralikatuma against the machine (easy, seed 1) after
// 1. e4-e5 e6xe4, with White's piece on e3 picked and its jump marked.
// The screen is captured with its colours (tmux capture-pane -e), turned
// into HTML and shot in headless Chromium (harness.mjs). Needs tmux;
// PLAY names another build of the example.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { launchBrowser, root } from './harness.mjs';

const PLAY = process.env.PLAY ?? path.join(root, 'target/release/examples/play');
const OUT = path.join(root, 'docs/terminal.png');
const SESSION = `terminal-shot-${process.pid}`;
const COLUMNS = 100;
const ROWS = 32;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const tmux = (...args) => execFileSync('tmux', args, { encoding: 'utf8' });
const screen = (colours = false) => tmux('capture-pane', '-p', ...(colours ? ['-e'] : []), '-t', SESSION);

/** Waits until the screen shows `text`. */
async function waitFor(text, timeout = 10_000) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (screen().includes(text)) return;
    await sleep(100);
  }
  throw new Error(`the screen never showed ${JSON.stringify(text)}:\n${screen()}`);
}

/** The screen, played as the picture shows it, with its colours. */
async function capture() {
  tmux('new-session', '-d', '-s', SESSION, '-x', String(COLUMNS), '-y', String(ROWS),
    `${PLAY} --opponent easy --seed 1`);
  try {
    await waitFor('Moves (0)');
    tmux('send-keys', '-t', SESSION, ':');
    await sleep(300);
    tmux('send-keys', '-t', SESSION, 'e4-e5', 'Enter');
    await waitFor('Moves (2)');
    await sleep(500);
    // The cursor is on e5: down to White's piece on e3, and pick it.
    tmux('send-keys', '-t', SESSION, 'Down');
    await sleep(200);
    tmux('send-keys', '-t', SESSION, 'Down');
    await sleep(200);
    tmux('send-keys', '-t', SESSION, 'Enter');
    await sleep(500);
    return screen(true);
  } finally {
    tmux('kill-session', '-t', SESSION);
  }
}

// xterm's 256 colours: 16 named, a 6x6x6 cube, 24 greys.
const NAMED = ['#000000', '#cd0000', '#00cd00', '#cdcd00', '#2f6fdf', '#cd00cd', '#00cdcd', '#e5e5e5',
  '#7f7f7f', '#ff3b3b', '#00ff00', '#ffff00', '#5c8cff', '#ff00ff', '#00ffff', '#ffffff'];
function colour256(n) {
  if (n < 16) return NAMED[n];
  if (n < 232) {
    const steps = [0, 95, 135, 175, 215, 255];
    const i = n - 16;
    return `rgb(${steps[Math.floor(i / 36)]},${steps[Math.floor(i / 6) % 6]},${steps[i % 6]})`;
  }
  const grey = 8 + 10 * (n - 232);
  return `rgb(${grey},${grey},${grey})`;
}

const FOREGROUND = '#d0d0d0';
const BACKGROUND = '#1c1c1c';
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// Each character in a cell of its own, one column wide: a glyph that comes
// from a fallback font (a bold piece, say) cannot push the rest of its line.
const cells = (text) => [...text].map((c) => `<i>${escape(c)}</i>`).join('');

/** ANSI text (SGR sequences only, as tmux writes them) as HTML spans. */
function toHtml(ansi) {
  let state = {};
  let html = '';
  const open = () => {
    let fg = state.fg ?? FOREGROUND;
    let bg = state.bg ?? BACKGROUND;
    if (state.reverse) [fg, bg] = [bg === BACKGROUND ? FOREGROUND : bg, fg];
    const style = [`color:${fg}`];
    if (bg !== BACKGROUND) style.push(`background:${bg}`);
    if (state.bold) style.push('font-weight:bold');
    if (state.dim) style.push('opacity:0.7');
    if (state.italic) style.push('font-style:italic');
    if (state.underline) style.push('text-decoration:underline');
    return `<span style="${style.join(';')}">`;
  };
  for (const part of ansi.split(/(\x1b\[[0-9;]*m)/)) {
    const sgr = part.match(/^\x1b\[([0-9;]*)m$/);
    if (!sgr) {
      if (part) html += open() + cells(part) + '</span>';
      continue;
    }
    const codes = sgr[1] === '' ? [0] : sgr[1].split(';').map(Number);
    for (let i = 0; i < codes.length; i++) {
      const c = codes[i];
      if (c === 0) state = {};
      else if (c === 1) state.bold = true;
      else if (c === 2) state.dim = true;
      else if (c === 3) state.italic = true;
      else if (c === 4) state.underline = true;
      else if (c === 7) state.reverse = true;
      else if (c === 22) state.bold = state.dim = false;
      else if (c === 23) state.italic = false;
      else if (c === 24) state.underline = false;
      else if (c === 27) state.reverse = false;
      else if (c >= 30 && c <= 37) state.fg = NAMED[c - 30];
      else if (c >= 90 && c <= 97) state.fg = NAMED[c - 90 + 8];
      else if (c >= 40 && c <= 47) state.bg = NAMED[c - 40];
      else if (c >= 100 && c <= 107) state.bg = NAMED[c - 100 + 8];
      else if (c === 39) delete state.fg;
      else if (c === 49) delete state.bg;
      else if ((c === 38 || c === 48) && codes[i + 1] === 5) {
        state[c === 38 ? 'fg' : 'bg'] = colour256(codes[i + 2]);
        i += 2;
      } else if ((c === 38 || c === 48) && codes[i + 1] === 2) {
        state[c === 38 ? 'fg' : 'bg'] = `rgb(${codes[i + 2]},${codes[i + 3]},${codes[i + 4]})`;
        i += 4;
      }
    }
  }
  return html;
}

const ansi = await capture();
const lines = ansi.replace(/\n$/, '').split('\n');
const page = `<!doctype html><meta charset="utf-8"><style>
  body { margin: 0; background: ${BACKGROUND}; }
  pre { margin: 0; padding: 12px 14px; display: inline-block; background: ${BACKGROUND}; color: ${FOREGROUND};
        font: 14px/16px 'DejaVu Sans Mono', monospace; }
  i { display: inline-block; width: 1ch; text-align: center; font-style: inherit; }
</style><pre id="screen">${lines.map(toHtml).join('\n')}</pre>`;

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, deviceScaleFactor: 1 });
  const tab = await context.newPage();
  await tab.setContent(page);
  await tab.locator('#screen').screenshot({ path: OUT });
  console.log(`wrote ${path.relative(root, OUT)}`);
} finally {
  await browser.close();
}
