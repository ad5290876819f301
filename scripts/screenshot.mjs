/**
 * `npm run docs:screenshot`: the picture at the top of the README (docs/demo.png), taken from the
 * real demo — `dh-kit start` against the simulator, its landing page in Chromium at 1280×800 with
 * the inline avatar activated (the simulator's chat page in its box) and the chat bubble's launcher.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = fileURLToPath(new URL('../docs/demo.png', import.meta.url));

const server = spawn(process.execPath, ['bin/dh-kit.js', 'start'], {
  cwd: root,
  env: { ...process.env, PORT: '0', DH_LOG: 'off', DH_EMAIL: '', DH_SECRET_KEY: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const { url } = await new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`dh-kit start exited with ${code}`)));
    createInterface({ input: server.stdout }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
    });
  });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${url}/`);
  // The inline avatar's button, then its chat page in the box; the bubble's launcher in the corner.
  await page.locator('#bubble').getByRole('button', { name: /Talk to/ }).waitFor();
  await page.locator('#hero').getByRole('button', { name: /Talk to/ }).click();
  await page.waitForEvent('framenavigated', { predicate: (f) => /\/chat\//.test(f.url()) });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  mkdirSync(fileURLToPath(new URL('../docs', import.meta.url)), { recursive: true });
  await page.screenshot({ path: out });
  await browser.close();
  console.log(`wrote ${out}`);
} finally {
  server.kill();
}
