import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// a fresh clone stands alone: the README and docs/ link only to files inside the repository
const DOCS = [
  "README.md",
  ...readdirSync("docs", { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("docs", f)),
];

describe("the documentation's links", () => {
  it.each(DOCS)("%s points only at files that exist in the repository", (file) => {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => target)
      .filter((t) => !/^(https?:|mailto:|#)/.test(t));
    const missing = targets.filter(
      (t) => !existsSync(path.join(path.dirname(file), decodeURIComponent(t.split("#")[0]))),
    );
    expect(missing).toEqual([]);
    expect(text).not.toMatch(/\.\.\/shared\//);
  });
});

describe("the code's comments", () => {
  it("cite no file outside the repository", () => {
    const sources = ["app", "api", "contract", "server-shared", "scripts", "tests"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f))
        .map((f) => path.join(dir, f)),
    );
    const outside = sources.filter(
      (file) =>
        readFileSync(file, "utf8").includes("../shared/") && file !== path.join("tests", "unit", "docs-links.test.ts"),
    );
    expect(outside).toEqual([]);
  });
});
