// Builds app/styles/radix.css: Radix Themes' stylesheet cut down to what app/ really uses (ARCHITECTURE §8–§9).
//   node scripts/radix-css.mjs           writes the file
//   node scripts/radix-css.mjs --check   exits 1 when the committed file is stale
// Kept: the colour files in use (plus the gray each accent pairs with), tokens/base.css, the component rules
// of every Radix component imported in app/ (and of what those components render), the reset, and the layout
// utilities whose props app/ (or a used component) sets. See docs/decisions/0008-console-shell-and-lean-css.md.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUTPUT = "app/styles/radix.css";
const BREAKPOINTS = ["initial", "xs", "sm", "md", "lg", "xl"];

// ---------------------------------------------------------------------------------------------------------------
// A small CSS reader for the compiled, un-nested stylesheets Radix ships: rules, at-rule blocks, statements.

function skipString(css, i) {
  const quote = css[i];
  for (i++; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i + 1;
  }
  return i;
}

/** Index just past the `}` that closes the block opened at `open`. */
function blockEnd(css, open) {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = skipString(css, i) - 1;
    else if (c === "/" && css[i + 1] === "*") i = css.indexOf("*/", i + 2) + 1;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  throw new Error("unbalanced braces in stylesheet");
}

/** Top-level nodes: `{ kind: "rule", selector, body }`, `{ kind: "group", prelude, children }` (@media, @supports) or `{ kind: "atom", text }`. */
export function parseCss(css) {
  const nodes = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++;
    if (css.startsWith("/*", i)) {
      i = css.indexOf("*/", i + 2) + 2;
      continue;
    }
    if (i >= css.length) break;
    let j = i;
    while (j < css.length && css[j] !== "{" && css[j] !== ";") {
      if (css[j] === '"' || css[j] === "'") j = skipString(css, j);
      else j++;
    }
    const prelude = css.slice(i, j).trim();
    if (css[j] === ";") {
      nodes.push({ kind: "atom", text: `${prelude};` });
      i = j + 1;
      continue;
    }
    const end = blockEnd(css, j);
    const inner = css.slice(j + 1, end - 1);
    if (/^@(media|supports|layer|container)\b/.test(prelude))
      nodes.push({ kind: "group", prelude, children: parseCss(inner) });
    else if (prelude.startsWith("@")) nodes.push({ kind: "atom", text: css.slice(i, end), prelude });
    else nodes.push({ kind: "rule", selector: prelude, body: inner });
    i = end;
  }
  return nodes;
}

/** Splits a selector list on its top-level commas. */
export function splitSelectors(selector) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '"' || c === "'") i = skipString(selector, i) - 1;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      parts.push(selector.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts.filter(Boolean);
}

function parenEnd(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = skipString(text, i) - 1;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return text.length;
}

/**
 * Whether a selector can match, given `allows(plainPart)` for its parts outside functional pseudo-classes:
 * of a :where/:is/:has list one alternative is enough; what sits inside :not() requires nothing.
 */
export function canMatch(selector, allows) {
  let ok = true;
  let plain = "";
  for (let i = 0; i < selector.length;) {
    const fn = /^:(not|where|is|has|matches)\(/.exec(selector.slice(i));
    if (fn) {
      const open = i + fn[0].length - 1;
      const close = parenEnd(selector, open);
      if (fn[1] !== "not")
        ok &&= splitSelectors(selector.slice(open + 1, close)).some((alternative) => canMatch(alternative, allows));
      i = close + 1;
      continue;
    }
    plain += selector[i++];
  }
  return ok && allows(plain);
}

/** A selector needing only component classes (rt-Button, rt-CardRoot…) that the used components render. */
export const usesOnly = (classes) => (plain) =>
  (plain.match(/\.rt-[A-Z][A-Za-z0-9]*/g) ?? []).every((c) => classes.has(c.slice(1)));

/** A selector whose responsive classes (`md:rt-r-size-2`) are only for breakpoints some code writes. */
export const breakpointsOnly = (breakpoints) => (plain) =>
  [...plain.matchAll(/\.([a-z]+)\\:/g)].every((m) => breakpoints.has(m[1]));

/** The breakpoints any responsive value names (`{ initial: "1", md: "2" }`): without such a key no `md:` class is ever set. */
export function breakpointKeys(texts) {
  const found = new Set();
  for (const text of texts) for (const m of text.matchAll(/\b(xs|sm|md|lg|xl)\s*:\s*[^:\s]/g)) found.add(m[1]);
  return found;
}

/** A selector naming only accent and gray colours whose files are included. */
export const colorsOnly = (colors) => (plain) =>
  [...plain.matchAll(/\[data-(?:accent|gray)-color='([a-z]*)'\]/g)].every((m) => m[1] === "" || colors.has(m[1]));

/** Whitespace and comments out (strings untouched), one rule per line. */
export function minify(css) {
  const tight = "{};,\n";
  let out = "";
  let afterString = false;
  for (let i = 0; i < css.length;) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const end = skipString(css, i);
      out += css.slice(i, end);
      afterString = true;
      i = end;
      continue;
    }
    if (c === "/" && css[i + 1] === "*") {
      i = css.indexOf("*/", i + 2) + 2;
      continue;
    }
    if (/\s/.test(c)) {
      while (i < css.length && /\s/.test(css[i])) i++;
      const next = css[i];
      const prev = out[out.length - 1];
      if (
        out &&
        next &&
        !tight.includes(next) &&
        (afterString || !tight.includes(prev)) &&
        !(next === "/" && css[i + 1] === "*")
      )
        out += " ";
      continue;
    }
    if (c === "}" && out.endsWith(";") && !afterString) out = out.slice(0, -1);
    out += c === "}" ? "}\n" : c;
    afterString = false;
    i++;
  }
  return out.replace(/ +\n/g, "\n").trim();
}

/** Keeps the selectors `keep` accepts; drops rules and groups left empty. */
function prune(nodes, keep) {
  const out = [];
  for (const node of nodes) {
    if (node.kind === "rule") {
      const selectors = splitSelectors(node.selector).filter(keep);
      if (selectors.length) out.push({ ...node, selector: selectors.join(",\n") });
    } else if (node.kind === "group") {
      const children = prune(node.children, keep);
      if (children.length) out.push({ ...node, children });
    } else out.push(node);
  }
  return out;
}

function print(nodes, indent = "") {
  return nodes
    .map((node) => {
      if (node.kind === "rule")
        return `${indent}${node.selector.replace(/\n/g, `\n${indent}`)} {${node.body.replace(/\s+$/, "")}\n${indent}}`;
      if (node.kind === "group")
        return `${indent}${node.prelude} {\n${print(node.children, `${indent}  `)}\n${indent}}`;
      return `${indent}${node.text}`;
    })
    .join("\n");
}

/** Drops @keyframes that no kept rule animates with. */
function dropUnusedKeyframes(nodes) {
  const isKeyframes = (n) => n.kind === "atom" && /^@keyframes\s/.test(n.prelude ?? "");
  const withoutKeyframes = (list) =>
    list
      .filter((n) => !isKeyframes(n))
      .map((n) => (n.kind === "group" ? { ...n, children: withoutKeyframes(n.children) } : n));
  const used = print(withoutKeyframes(nodes));
  const keep = (list) =>
    list
      .filter(
        (n) => !isKeyframes(n) || new RegExp(`(^|[\\s,:])${n.prelude.split(/\s+/)[1]}([\\s,;]|$)`, "m").test(used),
      )
      .map((n) => (n.kind === "group" ? { ...n, children: keep(n.children) } : n));
  return keep(nodes);
}

// ---------------------------------------------------------------------------------------------------------------
// What app/ uses.

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(tsx?|jsx?)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** The names imported from "@radix-ui/themes" (type imports aside), and whether a namespace import takes everything. */
export function radixImports(sources) {
  const names = new Set();
  let everything = false;
  for (const text of sources) {
    for (const m of text.matchAll(/\b(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*["']@radix-ui\/themes["']/g)) {
      if (m[1]) continue;
      for (const part of m[2].split(",")) {
        const name = part.trim();
        if (!name || name.startsWith("type ")) continue;
        names.add(name.split(/\s+as\s+/)[0].trim());
      }
    }
    if (/\bimport\s+\*\s+as\s+\w+\s+from\s*["']@radix-ui\/themes["']/.test(text)) everything = true;
    for (const m of text.matchAll(/from\s*["']@radix-ui\/themes\/components\/([\w-]+)["']/g))
      names.add(`module:${m[1]}`);
  }
  return { names, everything };
}

/** Every quoted string in app/ that names a Radix colour (`color="red"`, maps like `{ Pending: "gold" }`, the accent list). */
export function colorLiterals(sources, palette) {
  const found = new Set();
  for (const text of sources)
    for (const m of text.matchAll(/["'`]([a-z]+)["'`]/g)) if (palette.includes(m[1])) found.add(m[1]);
  return found;
}

/** JSX attributes `name=…` in app/: literal values, responsive objects, or "dynamic" when a value cannot be read. */
export function jsxPropValues(sources, propNames) {
  const uses = new Map(); // prop -> Set of values (string | object JSON) | "dynamic"
  const add = (prop, value) => {
    if (!uses.has(prop)) uses.set(prop, new Set());
    uses.get(prop).add(value);
  };
  const pattern = new RegExp(`(?<=[\\s{(])(${[...propNames].join("|")})(=|(?=[\\s/>]))`, "g");
  for (const text of sources) {
    for (const m of text.matchAll(pattern)) {
      const prop = m[1];
      if (m[2] !== "=") {
        add(prop, "true");
        continue;
      }
      let i = m.index + m[0].length;
      if (text[i] === '"' || text[i] === "'") {
        add(prop, text.slice(i + 1, skipString(text, i) - 1));
        continue;
      }
      if (text[i] !== "{") continue;
      const expression = text.slice(i + 1, blockEnd(text, i) - 1).trim();
      if (expression.startsWith("{")) {
        const pairs = [...expression.matchAll(/(\w+)\s*:\s*(["'])([^"']*)\2/g)];
        const keys = [...expression.matchAll(/(\w+)\s*:/g)].length;
        if (pairs.length && pairs.length === keys && pairs.every((p) => BREAKPOINTS.includes(p[1]))) {
          add(prop, JSON.stringify(Object.fromEntries(pairs.map((p) => [p[1], p[3]]))));
        } else add(prop, "dynamic");
        continue;
      }
      const literals = [...expression.matchAll(/(["'`])((?:(?!\1)[^\\$]|\\.)*)\1/g)].map((l) => l[2]);
      if (literals.length) literals.forEach((l) => add(prop, l));
      else if (/^(true|false)$/.test(expression)) add(prop, expression);
      else add(prop, "dynamic");
    }
  }
  return uses;
}

// ---------------------------------------------------------------------------------------------------------------
// What the used Radix components render, read from the package itself.

function radixModules(themesDir, entryNames, everything) {
  const esm = path.join(themesDir, "dist/esm");
  const indexFile = path.join(esm, "components/index.js");
  const index = readFileSync(indexFile, "utf8");
  const localToFile = new Map();
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const part of m[1].split(",")) {
      const [, local = part] = part.split(/\s+as\s+/);
      localToFile.set(local.trim(), m[2]);
    }
  }
  for (const m of index.matchAll(/import\s*\*\s*as\s*(\w+)\s*from\s*"(\.\/[^"]+)"/g)) localToFile.set(m[1], m[2]);
  const exportToFile = new Map();
  for (const m of index.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const [local, exported = local] = part.split(/\s+as\s+/).map((s) => s.trim());
      if (localToFile.has(local)) exportToFile.set(exported, path.join(esm, "components", localToFile.get(local)));
    }
  }
  const entries = everything ? [...exportToFile.values()] : [];
  for (const name of entryNames) {
    if (name.startsWith("module:")) entries.push(path.join(esm, "components", `${name.slice(7)}.js`));
    else if (exportToFile.has(name)) entries.push(exportToFile.get(name));
    else throw new Error(`"${name}" is not exported by @radix-ui/themes`);
  }
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+)"/g))
      visit(path.resolve(path.dirname(file), m[1]));
  };
  entries.forEach(visit);
  return [...seen].sort();
}

// ---------------------------------------------------------------------------------------------------------------

/** The stylesheet, as a string: the one source of truth for app/styles/radix.css. */
export async function buildRadixCss(root = ROOT) {
  const themesDir = path.join(root, "node_modules/@radix-ui/themes");
  const read = (p) => readFileSync(path.join(themesDir, p), "utf8");
  const sources = sourceFiles(path.join(root, "app")).map((f) => readFileSync(f, "utf8"));

  // colours: tokens/colors/<name>.css in the package's own order
  const colorOrder = [...read("src/styles/tokens/index.css").matchAll(/colors\/([a-z]+)\.css/g)].map((m) => m[1]);
  const { getMatchingGrayColor } = await import(
    pathToFileURL(path.join(themesDir, "dist/esm/helpers/get-matching-gray-color.js")).href
  );
  const colors = new Set(["gray"]);
  for (const c of colorLiterals(sources, colorOrder)) {
    colors.add(c);
    // the root Theme's gray follows its accent (grayColor "auto")
    const gray = getMatchingGrayColor(c);
    if (gray) colors.add(gray);
  }

  // components: the modules behind every imported name, and the rt-* classes they render
  const { names, everything } = radixImports(sources);
  const modules = radixModules(themesDir, names, everything);
  const moduleText = modules.map((f) => readFileSync(f, "utf8")).join("\n");
  const componentClasses = new Set(moduleText.match(/rt-[A-Z][A-Za-z0-9]*/g) ?? []);
  // classes app/ writes itself (plain elements with Radix's classes where a component would run once per table cell)
  const written = new Set(sources.flatMap((text) => text.match(/\brt-[A-Za-z][A-Za-z0-9-]*/g) ?? []));
  for (const cls of written) if (/^rt-[A-Z]/.test(cls)) componentClasses.add(cls);
  const breakpoints = breakpointKeys([...sources, moduleText]);
  const rendered = usesOnly(componentClasses);
  const responsive = breakpointsOnly(breakpoints);
  const components = dropUnusedKeyframes(
    prune(parseCss(read("components.css")), (selector) =>
      canMatch(selector, (plain) => rendered(plain) && responsive(plain)),
    ),
  );

  // utilities: the classes extractProps gives for each value app/ (or a used component) sets
  const utilitiesCss = read("utilities.css");
  const utilityClasses = new Set(
    [...utilitiesCss.matchAll(/\.((?:[a-z]+\\:)?-?rt-[a-z0-9-]+)/g)].map((m) => m[1].replace(/\\:/g, ":")),
  );
  const bare = (cls) => cls.replace(/^[a-z]+:/, "").replace(/^-/, "");
  const isUtilityFamily = (cls) => [...utilityClasses].some((u) => bare(u) === cls || bare(u).startsWith(`${cls}-`));
  const defsByProp = new Map();
  const defaults = [];
  for (const file of modules.filter((f) => /\.props?\.js$/.test(f))) {
    const mod = await import(pathToFileURL(file).href);
    for (const group of Object.values(mod)) {
      if (!group || typeof group !== "object") continue;
      for (const [prop, def] of Object.entries(group)) {
        if (!def || typeof def !== "object" || typeof def.className !== "string" || !isUtilityFamily(def.className))
          continue;
        if (!defsByProp.has(prop)) defsByProp.set(prop, new Set());
        defsByProp.get(prop).add(def);
        if (def.default !== undefined) defaults.push([prop, def, def.default]);
      }
    }
  }
  const { extractProps } = await import(pathToFileURL(path.join(themesDir, "dist/esm/helpers/extract-props.js")).href);
  const keepClasses = new Set([...written].filter((cls) => cls.startsWith("rt-r-")));
  const keepFamilies = new Set();
  const keepValue = (prop, def, value) => {
    if (value === "dynamic") return keepFamilies.add(def.className);
    const parsed = value.startsWith("{") ? JSON.parse(value) : def.type === "boolean" ? value !== "false" : value;
    const className = extractProps({ [prop]: parsed }, { [prop]: def }).className;
    for (const cls of (className ?? "").split(/\s+/).filter(Boolean)) keepClasses.add(cls);
  };
  for (const [prop, def, value] of defaults) keepValue(prop, def, String(value));
  const appUses = jsxPropValues(sources, defsByProp.keys());
  // what the used components set on the layout components they render, e.g. Dialog.Title's mb="3"
  for (const m of moduleText.matchAll(new RegExp(`[{,](${[...defsByProp.keys()].join("|")}):"([^"]*)"`, "g"))) {
    if (!appUses.has(m[1])) appUses.set(m[1], new Set());
    appUses.get(m[1]).add(m[2]);
  }
  for (const [prop, values] of appUses)
    for (const def of defsByProp.get(prop)) for (const value of values) keepValue(prop, def, value);
  const utilitySelector = (selector) => {
    const m = selector.match(/^\.((?:[a-z]+\\:)?-?rt-[a-z0-9-]+)/);
    if (!m) return true;
    const cls = m[1].replace(/\\:/g, ":");
    const family = bare(cls);
    return (
      keepClasses.has(cls) ||
      (responsive(selector) && [...keepFamilies].some((f) => family === f || family.startsWith(`${f}-`)))
    );
  };
  const utilities = prune(parseCss(utilitiesCss), utilitySelector);

  const version = JSON.parse(read("package.json")).version;
  return [
    `/* Generated by scripts/radix-css.mjs from @radix-ui/themes ${version}: do not edit, rerun the script. */`,
    `/* colours: ${colorOrder.filter((c) => colors.has(c)).join(", ")} */`,
    `/* components: ${[...names].sort().join(", ")} */`,
    minify(
      [
        ...colorOrder.filter((c) => colors.has(c)).map((c) => read(`tokens/colors/${c}.css`)),
        print(prune(parseCss(read("tokens/base.css")), (selector) => canMatch(selector, colorsOnly(colors)))),
        print(components),
        print(utilities),
      ].join("\n"),
    ),
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const css = await buildRadixCss();
  const target = path.join(ROOT, OUTPUT);
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(target, "utf8");
    } catch {
      // a missing file is simply stale
    }
    if (current !== css) {
      console.error(`${OUTPUT} is stale: run node scripts/radix-css.mjs`);
      process.exit(1);
    }
  } else {
    writeFileSync(target, css);
    console.log(`wrote ${OUTPUT} (${css.length} bytes)`);
  }
}
