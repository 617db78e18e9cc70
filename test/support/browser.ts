// Chromium for the console's tests, and axe-core's accessibility findings on a page.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, which scripts/test installs; SURVEYOR_CHROMIUM names another. */
export const chromiumPath = process.env['SURVEYOR_CHROMIUM'] ?? '/usr/bin/chromium';

/** Where the browser tests write their screenshots, for a reviewer to look at. */
export const screenshotDir = join(
  fileURLToPath(new URL('../../..', import.meta.url)),
  '.test-output',
  'console',
);

export const launchChromium = async (): Promise<Browser> => {
  if (!existsSync(chromiumPath))
    throw new Error(
      `no Chromium at ${chromiumPath}: scripts/test installs Debian's chromium package (run it as root), or set SURVEYOR_CHROMIUM`,
    );
  mkdirSync(screenshotDir, { recursive: true });
  // The test machines run as root, where Chromium's sandbox cannot start.
  return chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
};

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

/**
 * axe-core's WCAG 2.x A/AA rules on the page as it is, findings of serious or critical impact.
 * Evaluated through the DevTools protocol, so the console's CSP (no inline script) still holds.
 */
export const seriousA11yFindings = async (page: Page): Promise<AxeFinding[]> => {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
      .axe;
    const r = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return found.filter((f) => f.impact === 'serious' || f.impact === 'critical');
};
