// Playwright drives Debian's Chromium (this machine cannot download Playwright's own browsers;
// ARCHITECTURE §9). `ensureChromium({ install: true })` installs it with apt-get when missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const HOW_TO = [
  `Chromium is missing at ${CHROMIUM}; the browser tests need it.`,
  "Install Debian's Chromium as root:",
  "  apt-get update && apt-get install -y chromium",
  "(or point CHROMIUM_PATH at an installed Chromium or Chrome binary), then run the tests again.",
].join("\n");

const hasAptGet = () => spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;

/** Returns true when Chromium is there (installing it first if asked and possible); prints how to install otherwise. */
export function ensureChromium({ install }) {
  if (existsSync(CHROMIUM)) return true;
  // a custom CHROMIUM_PATH names a browser we did not put there: say so instead of installing another
  const canInstall = install && !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && hasAptGet();
  if (!canInstall) {
    console.error(HOW_TO);
    return false;
  }
  console.log("Chromium is missing: installing Debian's chromium (apt-get update && apt-get install -y chromium)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "chromium"]]) {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "inherit", "inherit"], env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed (exit ${result.status ?? result.signal}).\n\n${HOW_TO}`);
      return false;
    }
  }
  if (existsSync(CHROMIUM)) return true;
  console.error(`apt-get installed chromium but ${CHROMIUM} is still missing.\n\n${HOW_TO}`);
  return false;
}

// `node scripts/ensure-chromium.mjs [--check]`
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exit(ensureChromium({ install: !process.argv.includes("--check") }) ? 0 : 1);
}
