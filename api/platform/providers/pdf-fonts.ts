import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";

// The fonts our PDFs set text in (ADR 0051): Noto, OFL-licensed, from npm packages. Each is read from disk the first
// time a text needs it and kept for the process; the CJK ones (4.5 and 8.4 MB) are never read for Latin-only lists.

const require = createRequire(import.meta.url);

export type PdfFont = "latin" | "arabic" | "hebrew" | "emoji" | "japanese" | "chinese";

const FILES: Record<PdfFont, { pkg: string; regular: string; bold: string }> = {
  latin: { pkg: "@embedpdf/fonts-latin", regular: "fonts/NotoSans-Regular.ttf", bold: "fonts/NotoSans-Bold.ttf" },
  arabic: {
    pkg: "@embedpdf/fonts-arabic",
    regular: "fonts/NotoNaskhArabic-Regular.ttf",
    bold: "fonts/NotoNaskhArabic-Bold.ttf",
  },
  hebrew: {
    pkg: "@embedpdf/fonts-hebrew",
    regular: "fonts/NotoSansHebrew-Regular.ttf",
    bold: "fonts/NotoSansHebrew-Bold.ttf",
  },
  emoji: {
    pkg: "@expo-google-fonts/noto-emoji",
    regular: "400Regular/NotoEmoji_400Regular.ttf",
    bold: "700Bold/NotoEmoji_700Bold.ttf",
  },
  japanese: { pkg: "@embedpdf/fonts-jp", regular: "fonts/NotoSansJP-Regular.otf", bold: "fonts/NotoSansJP-Bold.otf" },
  chinese: {
    pkg: "@embedpdf/fonts-sc",
    regular: "fonts/NotoSansHans-Regular.otf",
    bold: "fonts/NotoSansHans-Bold.otf",
  },
};

/** A font of the chain in one weight: its name on a pdfkit document and the fontkit font pdfkit embeds (subset). */
export interface LoadedFont {
  name: string;
  font: fontkit.Font;
  /** ascent and descent per point of font size (descent is negative) */
  ascent: number;
  descent: number;
}

const loaded = new Map<string, LoadedFont>();

/** The package's folder: its entry file's path up to the package's name (some packages export no other file). */
const packageDir = (pkg: string) => {
  const entry = require.resolve(pkg);
  return entry.slice(0, entry.lastIndexOf(pkg) + pkg.length);
};

export function pdfFont(key: PdfFont, bold: boolean): LoadedFont {
  const name = `${key}-${bold ? "bold" : "regular"}`;
  let entry = loaded.get(name);
  if (!entry) {
    const file = FILES[key];
    const font = fontkit.openSync(path.join(packageDir(file.pkg), bold ? file.bold : file.regular)) as fontkit.Font;
    entry = { name, font, ascent: font.ascent / font.unitsPerEm, descent: font.descent / font.unitsPerEm };
    loaded.set(name, entry);
  }
  return entry;
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
// spaces, digits and punctuation stay in the font of the text around them when it has them
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]/u;
const INVISIBLE = /^\p{Default_Ignorable_Code_Point}/u;
const REPLACEMENT = "\uFFFD";

/** The fonts to try, in order: the small ones first; Han characters in Japanese forms when the text has kana. */
const chainFor = (text: string): PdfFont[] =>
  KANA.test(text)
    ? ["latin", "arabic", "hebrew", "emoji", "japanese", "chinese"]
    : ["latin", "arabic", "hebrew", "emoji", "chinese", "japanese"];

/**
 * `text` as it can be set: each UTF-16 unit's font (the first of the chain that has the character); a character no
 * font has becomes U+FFFD, or is dropped when it is invisible anyway (a variation selector, a joiner).
 */
export function fontsOf(text: string, bold: boolean): { text: string; fonts: PdfFont[] } {
  const chain = chainFor(text);
  const has = (key: PdfFont, char: string) => pdfFont(key, bold).font.hasGlyphForCodePoint(char.codePointAt(0)!);
  let out = "";
  const fonts: PdfFont[] = [];
  let previous: PdfFont | undefined;
  for (const char of text) {
    let key = previous && SHARED.test(char) && has(previous, char) ? previous : chain.find((k) => has(k, char));
    let set = char;
    if (!key) {
      if (INVISIBLE.test(char)) continue;
      [key, set] = ["latin", REPLACEMENT];
    }
    out += set;
    for (let i = 0; i < set.length; i++) fonts.push(key);
    previous = key;
  }
  return { text: out, fonts };
}
