import bidiFactory, { type EmbeddingLevels } from "bidi-js";
import type * as fontkit from "fontkit";
import { fontsOf, pdfFont, type PdfFont } from "./pdf-fonts";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- extends pdfkit's own declaration namespace
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit also takes an opened fontkit font as a source, which its published types leave out. */
      registerFont(name: string, src: fontkit.Font): this;
    }
  }
}

// Text in any script on a pdfkit page (ADR 0051): each character in a font that has it (pdf-fonts.ts), lines broken
// at spaces and between CJK characters, each line put in visual order by the Unicode bidi algorithm (bidi-js), and
// each right-to-left run handed to fontkit in logical order, which shapes it (Arabic joining) and reverses it.

const bidi = bidiFactory();

type Doc = PDFKit.PDFDocument;

/** The box a text is set in: its width in points (lines wrap inside it), the font size and weight. */
export interface TextBox {
  width: number;
  size: number;
  bold?: boolean;
}

/** A run of one font and one direction, in the order it is drawn. */
interface Piece {
  text: string;
  font: PdfFont;
  width: number;
  /** a right-to-left run that fontkit shapes whole and reverses (pdfkit would lay it out word by word, left to right) */
  shaped: boolean;
}
interface Line {
  pieces: Piece[];
  /** from the line's top to its baseline */
  ascent: number;
  height: number;
  /** from the box's left edge: a right-to-left paragraph is set against the right edge */
  indent: number;
}
/** A text laid out in its box, for `drawText`; `height` is what it takes. */
export interface TextBlock {
  lines: Line[];
  height: number;
  size: number;
  bold: boolean;
}

/** A paragraph as set: its characters (U+FFFD for those no font has), each UTF-16 unit's font and bidi level. */
interface Setting {
  text: string;
  fonts: PdfFont[];
  levels: EmbeddingLevels;
  box: Required<TextBox>;
}

const SPACE = /\s/u;
// CJK text has no spaces: a line may break before or after any ideograph or kana
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

const isRtl = (s: Setting, i: number) => s.levels.levels[i] % 2 === 1;

function setFont(doc: Doc, font: PdfFont, box: { size: number; bold: boolean }) {
  const loaded = pdfFont(font, box.bold);
  // by name the font is embedded once, subset to the glyphs used
  return doc.registerFont(loaded.name, loaded.font).font(loaded.name).fontSize(box.size);
}

const widthOf = (doc: Doc, s: Setting, text: string, font: PdfFont, shaped: boolean) =>
  setFont(doc, font, s.box).widthOfString(text, shaped ? { features: [] } : {});

/** The width of [start, end) as set: the sum of its runs of one font and one bidi level. */
function spanWidth(doc: Doc, s: Setting, start: number, end: number) {
  let width = 0;
  for (let i = start; i < end;) {
    let j = i + 1;
    while (j < end && s.fonts[j] === s.fonts[i] && s.levels.levels[j] === s.levels.levels[i]) j++;
    const run = s.text.slice(i, j);
    width += widthOf(doc, s, run, s.fonts[i], isRtl(s, i) && RIGHT_TO_LEFT.test(run));
    i = j;
  }
  return width;
}

const trimEnd = (s: Setting, start: number, end: number) => {
  while (end > start && SPACE.test(s.text[end - 1])) end--;
  return end;
};

/** A stretch between two places a line may break, its width without its trailing spaces and theirs. */
interface Word {
  start: number;
  end: number;
  width: number;
  spaces: number;
}

/** The places a line may break: after spaces and around CJK characters; inside a word only when it is wider than the box. */
function words(doc: Doc, s: Setting): Word[] {
  const { text } = s;
  const measured = (start: number, end: number): Word => {
    const trimmed = trimEnd(s, start, end);
    return { start, end, width: spanWidth(doc, s, start, trimmed), spaces: spanWidth(doc, s, trimmed, end) };
  };
  const spans: Word[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const next = text[i + 1] ?? "";
    const breaks = (SPACE.test(text[i]) && !SPACE.test(next)) || CJK.test(text[i]) || CJK.test(next);
    if ((breaks || i === text.length - 1) && !HIGH_SURROGATE.test(text[i])) {
      spans.push(measured(from, i + 1));
      from = i + 1;
    }
  }
  return spans.flatMap((word) => {
    if (word.width <= s.box.width) return [word];
    const chars: Word[] = [];
    for (let i = word.start; i < word.end; i += HIGH_SURROGATE.test(text[i]) ? 2 : 1)
      chars.push(measured(i, HIGH_SURROGATE.test(text[i]) ? i + 2 : i + 1));
    return chars;
  });
}

/** Words gathered greedily into lines no wider than the box (a line's trailing spaces do not count). */
function lineRanges(doc: Doc, s: Setting): [number, number][] {
  const ranges: [number, number][] = [];
  let used = 0;
  for (const word of words(doc, s)) {
    const current = ranges.at(-1);
    if (current && used + word.width <= s.box.width) {
      current[1] = word.end;
      used += word.width + word.spaces;
    } else {
      ranges.push([word.start, word.end]);
      used = word.width + word.spaces;
    }
  }
  return ranges.length ? ranges : [[0, 0]];
}

/** Indices of a line in visual order, cut into pieces of one font and one level that are contiguous in the text. */
function visualGroups(s: Setting, start: number, end: number): number[][] {
  const groups: number[][] = [];
  if (end <= start) return groups;
  // the answer holds the whole paragraph's indices, the line's reordered in place
  for (const i of bidi.getReorderedIndices(s.text, s.levels, start, end - 1).slice(start, end)) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    const follows = last !== undefined && i === last + (isRtl(s, i) ? -1 : 1);
    if (
      group &&
      last !== undefined &&
      follows &&
      s.fonts[i] === s.fonts[last] &&
      s.levels.levels[i] === s.levels.levels[last]
    )
      group.push(i);
    else groups.push([i]);
  }
  return groups;
}

/** The line [start, end) of a paragraph as pieces in visual order. */
function lineOf(doc: Doc, s: Setting, range: [number, number]): Line {
  const [start] = range;
  const end = trimEnd(s, ...range);
  const mirrored =
    end > start ? bidi.getMirroredCharactersMap(s.text, s.levels.levels, start, end - 1) : new Map<number, string>();
  const pieces = visualGroups(s, start, end).map((group): Piece => {
    const [from, to] = [Math.min(...group), Math.max(...group)];
    let logical = "";
    for (let i = from; i <= to; i++) logical += mirrored.get(i) ?? s.text[i];
    const rtl = isRtl(s, from);
    const shaped = rtl && RIGHT_TO_LEFT.test(logical);
    // a right-to-left run of spaces and punctuation alone is one fontkit would not reverse
    const text = rtl && !shaped ? [...logical].reverse().join("") : logical;
    return { text, font: s.fonts[from], shaped, width: widthOf(doc, s, text, s.fonts[from], shaped) };
  });
  // Latin's metrics always count, so one-line cells of a row share a baseline whatever their script
  const metrics = ["latin" as const, ...pieces.map((p) => p.font)].map((f) => pdfFont(f, s.box.bold));
  const ascent = Math.max(...metrics.map((m) => m.ascent)) * s.box.size;
  const descent = Math.min(...metrics.map((m) => m.descent)) * s.box.size;
  const rtlParagraph = (s.levels.paragraphs[0]?.level ?? 0) % 2 === 1;
  const used = pieces.reduce((n, p) => n + p.width, 0);
  return { pieces, ascent, height: ascent - descent, indent: rtlParagraph ? Math.max(0, s.box.width - used) : 0 };
}

/** `text` laid out in `box` (the document's font is left set to one of ours). */
export function layoutText(doc: Doc, text: string, box: TextBox): TextBlock {
  const full = { ...box, bold: box.bold ?? false };
  const lines = text.split(/\r?\n/).flatMap((paragraph) => {
    const { text: set, fonts } = fontsOf(paragraph, full.bold);
    const s: Setting = { text: set, fonts, levels: bidi.getEmbeddingLevels(set), box: full };
    return lineRanges(doc, s).map((range) => lineOf(doc, s, range));
  });
  return { lines, height: lines.reduce((n, l) => n + l.height, 0), size: full.size, bold: full.bold };
}

/** Draws a laid-out text with its box's top-left corner at (x, y). */
export function drawText(doc: Doc, block: TextBlock, x: number, y: number) {
  let top = y;
  for (const line of block.lines) {
    let left = x + line.indent;
    for (const piece of line.pieces) {
      const options = { lineBreak: false, baseline: "alphabetic" as const, ...(piece.shaped ? { features: [] } : {}) };
      setFont(doc, piece.font, block).text(piece.text, left, top + line.ascent, options);
      left += piece.width;
    }
    top += line.height;
  }
}
