import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// API modules reach each other through their index.ts, one way (ARCHITECTURE §2): this reads their imports and fails on
// a circle between modules, or on platform/ code that imports a module.
const API = fileURLToPath(new URL(".", import.meta.url));
const SPECIFIER = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The API modules a file imports, by name: `#api/modules/<m>` or a relative path into `api/modules/<m>`. */
function importedModules(file: string): string[] {
  const names = [...readFileSync(file, "utf8").matchAll(SPECIFIER)].map(([, specifier]) => {
    const target = specifier.startsWith("#api/")
      ? path.join(API, specifier.slice("#api/".length))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : null;
    const inModules = target && path.relative(path.join(API, "modules"), target);
    return inModules && !inModules.startsWith("..") ? inModules.split(path.sep)[0] : null;
  });
  return names.filter((name): name is string => name !== null);
}

/** Which modules each module imports (itself left out). */
function moduleGraph(modulesDir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(modulesDir)) {
    const uses = new Set(sourceFiles(path.join(modulesDir, name)).flatMap(importedModules));
    uses.delete(name);
    graph.set(name, uses);
  }
  return graph;
}

/** A circle in the graph as the names along it (first name repeated at the end), or [] when there is none. */
function findCircle(graph: Map<string, Set<string>>): string[] {
  const done = new Set<string>();
  const visit = (name: string, trail: string[]): string[] => {
    const seen = trail.indexOf(name);
    if (seen >= 0) return [...trail.slice(seen), name];
    if (done.has(name)) return [];
    for (const next of graph.get(name) ?? []) {
      const circle = visit(next, [...trail, name]);
      if (circle.length) return circle;
    }
    done.add(name);
    return [];
  };
  for (const name of graph.keys()) {
    const circle = visit(name, []);
    if (circle.length) return circle;
  }
  return [];
}

describe("the API modules' imports", () => {
  it("finds a circle through a third module, and none in a one-way graph", () => {
    const graph = (usersImport: string[]) =>
      new Map([
        ["orders", new Set(["customers", "users"])],
        ["customers", new Set(["users"])],
        ["users", new Set(usersImport)],
      ]);
    expect(findCircle(graph([]))).toEqual([]);
    expect(findCircle(graph(["orders"]))).toEqual(["orders", "customers", "users", "orders"]);
  });

  it("run one way: no module imports another that imports it back, directly or through others", () => {
    const graph = moduleGraph(path.join(API, "modules"));
    expect(graph.get("orders")).toContain("customers");
    expect(findCircle(graph)).toEqual([]);
  });

  it("are not imported by platform/ code", () => {
    const offenders = sourceFiles(path.join(API, "platform")).filter((file) => importedModules(file).length);
    expect(offenders.map((file) => path.relative(API, file))).toEqual([]);
  });
});
