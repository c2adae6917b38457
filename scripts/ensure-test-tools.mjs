// The programs the tests drive beside Node: Debian's Chromium for Playwright (this machine cannot download Playwright's
// own browsers; ARCHITECTURE §9) and poppler-utils' pdftotext, which reads the exported PDFs back.
// `ensureTestTools({ install: true })` installs the missing ones with one apt-get.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const TOOLS = [
  { name: "Chromium", path: CHROMIUM, pkg: "chromium", why: "the browser tests need it" },
  {
    name: "pdftotext",
    path: "/usr/bin/pdftotext",
    pkg: "poppler-utils",
    why: "the PDF export tests read their files with it",
  },
];

const howTo = (missing) =>
  [
    ...missing.map((t) => `${t.name} is missing at ${t.path}; ${t.why}.`),
    "Install Debian's packages as root:",
    `  apt-get update && apt-get install -y ${missing.map((t) => t.pkg).join(" ")}`,
    ...(missing.some((t) => t.pkg === "chromium")
      ? ["(or point CHROMIUM_PATH at an installed Chromium or Chrome binary)"]
      : []),
    "then run the tests again.",
  ].join("\n");

const hasAptGet = () => spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;

/** Returns true when every tool is there (installing the missing ones first if asked and possible); prints how to install otherwise. */
export function ensureTestTools({ install }) {
  const missing = TOOLS.filter((t) => !existsSync(t.path));
  if (!missing.length) return true;
  // a custom CHROMIUM_PATH names a browser we did not put there: say so instead of installing another
  const customChromium = process.env.CHROMIUM_PATH && missing.some((t) => t.pkg === "chromium");
  const canInstall = install && !customChromium && process.getuid?.() === 0 && hasAptGet();
  if (!canInstall) {
    console.error(howTo(missing));
    return false;
  }
  const packages = missing.map((t) => t.pkg);
  console.log(
    `${missing.map((t) => t.name).join(" and ")} missing: installing Debian's ${packages.join(" ")} (apt-get update && apt-get install -y ${packages.join(" ")})…`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", ...packages]]) {
    const result = spawnSync("apt-get", args, { stdio: ["ignore", "inherit", "inherit"], env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed (exit ${result.status ?? result.signal}).\n\n${howTo(missing)}`);
      return false;
    }
  }
  const still = missing.filter((t) => !existsSync(t.path));
  if (!still.length) return true;
  console.error(
    `apt-get installed ${packages.join(" ")} but ${still.map((t) => t.path).join(" and ")} is still missing.\n\n${howTo(still)}`,
  );
  return false;
}

// `node scripts/ensure-test-tools.mjs [--check]`
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exit(ensureTestTools({ install: !process.argv.includes("--check") }) ? 0 : 1);
}
