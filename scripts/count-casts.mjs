// Counts type casts in the web app (app/**/*.ts, app/**/*.tsx, without *.test.* files and tests/ folders):
// `x as T` and `<T>x` whose type is not `const`, and, of those, the `as unknown as T` chains.
// Usage: node scripts/count-casts.mjs [--files]   (--files also lists the count per file)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const appDir = join(root, "app");

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "tests" || entry.name === "node_modules") continue;
      yield* walk(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      yield path;
    }
  }
}

const isConstType = (type) =>
  ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === "const";

function countFile(path) {
  const text = readFileSync(path, "utf8");
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  let casts = 0;
  let unknownAs = 0;
  const visit = (node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstType(node.type)) {
      casts += 1;
      const inner = ts.isParenthesizedExpression(node.expression) ? node.expression.expression : node.expression;
      if (ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword) unknownAs += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { casts, unknownAs };
}

const perFile = [];
let casts = 0;
let unknownAs = 0;
for (const path of walk(appDir)) {
  const counts = countFile(path);
  casts += counts.casts;
  unknownAs += counts.unknownAs;
  if (counts.casts > 0) perFile.push([relative(root, path), counts]);
}

if (process.argv.includes("--files")) {
  perFile.sort((a, b) => b[1].casts - a[1].casts);
  for (const [file, c] of perFile)
    console.log(`${String(c.casts).padStart(4)} ${String(c.unknownAs).padStart(3)}  ${file}`);
}
console.log(`app/ casts: ${casts}, 'as unknown as': ${unknownAs}`);
