// Counts type casts in the web app: `x as T` and `<T>x` nodes whose type is not `const`,
// and how many of them are `as unknown as`, in app/**/*.{ts,tsx} outside tests.
// Usage: node scripts/count-casts.mjs [--files] [prefix ...]
//   prefixes (e.g. app/services) add a line per prefix; --files lists files with casts.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const listFiles = args.includes("--files");
const prefixes = args.filter((a) => !a.startsWith("--"));

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "tests" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path] : [];
  });
}

function isConst(type) {
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === "const";
}

export function countCasts(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  let casts = 0;
  let unknownCasts = 0;
  const visit = (node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConst(node.type)) {
      casts++;
      const inner = node.expression;
      if (ts.isAsExpression(inner) && inner.type.kind === ts.SyntaxKind.UnknownKeyword) unknownCasts++;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { casts, unknownCasts };
}

const totals = new Map([
  ["app", { casts: 0, unknownCasts: 0 }],
  ...prefixes.map((p) => [p, { casts: 0, unknownCasts: 0 }]),
]);
const perFile = [];
for (const path of sourceFiles(join(root, "app"))) {
  const file = relative(root, path);
  const counted = countCasts(file, readFileSync(path, "utf8"));
  if (counted.casts) perFile.push([file, counted]);
  for (const [prefix, total] of totals) {
    if (prefix === "app" || file.startsWith(prefix)) {
      total.casts += counted.casts;
      total.unknownCasts += counted.unknownCasts;
    }
  }
}
for (const [prefix, total] of totals) {
  console.log(`${prefix}: ${total.casts} casts, ${total.unknownCasts} 'as unknown as'`);
}
if (listFiles) {
  for (const [file, c] of perFile.sort((a, b) => b[1].casts - a[1].casts)) console.log(`  ${c.casts}\t${file}`);
}
