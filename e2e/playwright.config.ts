import { defineConfig } from "@playwright/test";

/** Debian's Chromium builds: the headless shell runs the journeys (measured on a 2-core machine,
 * 260 journeys took 7.5 minutes at four workers against 12.3 in the full browser at two); the full
 * browser runs the few tagged `@full-browser`, which need what the shell lacks (notifications). */
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
const FULL_BROWSER = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
];

export default defineConfig({
  testDir: "tests",
  fullyParallel: true,
  // The journeys wait on their servers and on timers as much as on the CPU: four at a time kept
  // both cores busy without a failure where two left them idle a third of the time.
  workers: Number(process.env.PLAYWRIGHT_WORKERS ?? 4),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: { browserName: "chromium", trace: "off" },
  projects: [
    {
      name: "headless shell",
      grepInvert: /@full-browser/,
      use: { launchOptions: { executablePath: HEADLESS_SHELL, args } },
    },
    {
      name: "full browser",
      grep: /@full-browser/,
      use: { launchOptions: { executablePath: FULL_BROWSER, args } },
    },
  ],
});
