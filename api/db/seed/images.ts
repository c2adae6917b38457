import { deflateSync } from "node:zlib";

// Demo images drawn in code and written as real PNG files (no image library: node:zlib does the deflate).

/** A colour as red, green, blue in 0–255. */
export type Rgb = readonly [number, number, number];

/** Signed distance from a shape's edge: negative inside, positive outside, in pixels. */
type Distance = (x: number, y: number) => number;

/** The area a shape can touch, so drawing it visits only those pixels. */
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

// PNG (ISO/IEC 15948): chunk checksums are CRC-32 over the chunk type and data
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * An 8-bit RGB PNG of `pixels` (width × height × 3 bytes, row by row). Each scanline uses the Up filter
 * (the first one None): the drawings are smooth gradients, so rows differ little and deflate packs them small.
 */
export function encodePng(width: number, height: number, pixels: Uint8Array | Uint8ClampedArray) {
  if (pixels.length !== width * height * 3)
    throw new Error(`Expected ${width * height * 3} bytes of RGB, got ${pixels.length}`);
  const stride = width * 3;
  const filtered = new Uint8Array((stride + 1) * height);
  filtered.set(pixels.subarray(0, stride), 1);
  for (let y = 1; y < height; y++) {
    const row = y * (stride + 1) + 1;
    const at = y * stride;
    filtered[row - 1] = 2;
    for (let i = 0; i < stride; i++) filtered[row + i] = pixels[at + i] - pixels[at - stride + i];
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method: adaptive
  header[12] = 0; // no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(filtered, { level: 4 })),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** A colour from hue (degrees), saturation and lightness (0–1). */
export function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 360;
  const a = saturation * Math.min(lightness, 1 - lightness);
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    return Math.round(255 * (lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A small, seedable random source (mulberry32), so the same name always draws the same picture. */
export function randomFrom(seed: string) {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const length = (x: number, y: number) => Math.sqrt(x * x + y * y);
/** A rectangle centred on (cx, cy) with half-sizes hw, hh, its corners rounded by `radius`, turned by `angle` radians. */
export const roundedRect = (cx: number, cy: number, hw: number, hh: number, radius: number, angle = 0): Distance => {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return (x, y) => {
    const px = Math.abs((x - cx) * cos + (y - cy) * sin) - hw + radius;
    const py = Math.abs(-(x - cx) * sin + (y - cy) * cos) - hh + radius;
    return length(Math.max(px, 0), Math.max(py, 0)) + Math.min(Math.max(px, py), 0) - radius;
  };
};

/** An RGB drawing surface with anti-aliased shapes (8 bits a channel: writes round and clamp). */
export class Canvas {
  readonly pixels: Uint8ClampedArray;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8ClampedArray(width * height * 3);
  }

  /** Fills everything with a gradient from `from` to `to` along `angle` (radians; 0 is left to right). */
  gradient(from: Rgb, to: Rgb, angle: number) {
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    const span = Math.abs(dx) * this.width + Math.abs(dy) * this.height;
    const origin = Math.min(0, dx * this.width) + Math.min(0, dy * this.height);
    const [r, g, b] = from;
    const [dr, dg, db] = [to[0] - r, to[1] - g, to[2] - b];
    const pixels = this.pixels;
    for (let y = 0, i = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++, i += 3) {
        const t = (x * dx + y * dy - origin) / span;
        pixels[i] = r + dr * t;
        pixels[i + 1] = g + dg * t;
        pixels[i + 2] = b + db * t;
      }
    }
  }

  /** Paints `colour` at `opacity` inside a shape, blending its edge over one pixel. */
  fill(distance: Distance, colour: Rgb, opacity: number, box: Box) {
    const x0 = Math.max(0, Math.floor(box.x0) - 1);
    const y0 = Math.max(0, Math.floor(box.y0) - 1);
    const x1 = Math.min(this.width - 1, Math.ceil(box.x1) + 1);
    const y1 = Math.min(this.height - 1, Math.ceil(box.y1) + 1);
    const pixels = this.pixels;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const coverage = Math.min(1, Math.max(0, 0.5 - distance(x + 0.5, y + 0.5)));
        if (coverage === 0) continue;
        const a = coverage * opacity;
        const i = (y * this.width + x) * 3;
        pixels[i] += (colour[0] - pixels[i]) * a;
        pixels[i + 1] += (colour[1] - pixels[i + 1]) * a;
        pixels[i + 2] += (colour[2] - pixels[i + 2]) * a;
      }
    }
  }

  circle(cx: number, cy: number, r: number, colour: Rgb, opacity = 1) {
    this.radial(cx, cy, -1, r, colour, opacity);
  }

  ring(cx: number, cy: number, r: number, thickness: number, colour: Rgb, opacity = 1) {
    this.radial(cx, cy, r - thickness / 2, r + thickness / 2, colour, opacity);
  }

  /** The band between two radii (a disc when `inner` < 0), visiting only the pixels of each row it crosses: circles are most of the drawing. */
  private radial(cx: number, cy: number, inner: number, outer: number, colour: Rgb, opacity: number) {
    const pixels = this.pixels;
    const reach = outer + 1;
    const y0 = Math.max(0, Math.floor(cy - reach));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + reach));
    for (let y = y0; y <= y1; y++) {
      const dy = y + 0.5 - cy;
      const span = Math.sqrt(Math.max(0, reach * reach - dy * dy));
      const x0 = Math.max(0, Math.floor(cx - span));
      const x1 = Math.min(this.width - 1, Math.ceil(cx + span));
      // a ring's hole is skipped too
      const hole = inner - 1 > Math.abs(dy) ? Math.sqrt((inner - 1) ** 2 - dy * dy) : 0;
      const holeFrom = Math.ceil(cx - hole);
      const holeTo = Math.floor(cx + hole);
      for (let x = x0; x <= x1; x++) {
        if (hole > 1 && x > holeFrom && x < holeTo) x = holeTo;
        const dx = x + 0.5 - cx;
        const d = Math.sqrt(dx * dx + dy * dy);
        const coverage = Math.min(1, Math.max(0, 0.5 - Math.max(inner - d, d - outer)));
        if (coverage === 0) continue;
        const a = coverage * opacity;
        const i = (y * this.width + x) * 3;
        pixels[i] += (colour[0] - pixels[i]) * a;
        pixels[i + 1] += (colour[1] - pixels[i + 1]) * a;
        pixels[i + 2] += (colour[2] - pixels[i + 2]) * a;
      }
    }
  }

  roundedRect(cx: number, cy: number, hw: number, hh: number, radius: number, colour: Rgb, opacity = 1, angle = 0) {
    const reach = Math.hypot(hw, hh);
    this.fill(roundedRect(cx, cy, hw, hh, radius, angle), colour, opacity, {
      x0: cx - reach,
      y0: cy - reach,
      x1: cx + reach,
      y1: cy + reach,
    });
  }

  /** Capital letters from a 5×7 grid, each cell a softly rounded square: a monogram, centred on (cx, cy). */
  text(letters: string, cx: number, cy: number, cell: number, colour: Rgb) {
    const glyphs = [...letters.toUpperCase()].map((ch) => GLYPHS[ch]).filter(Boolean);
    const width = glyphs.length * 5 + (glyphs.length - 1);
    const left = cx - (width * cell) / 2;
    const top = cy - (7 * cell) / 2;
    glyphs.forEach((rows, g) => {
      rows.forEach((row, r) => {
        for (let col = 0; col < 5; col++) {
          if (row[col] !== "#") continue;
          const x = left + (g * 6 + col + 0.5) * cell;
          const y = top + (r + 0.5) * cell;
          // cells overlap past their rounded corners, so strokes join without notches and only outer corners are soft
          this.roundedRect(x, y, cell * 0.68, cell * 0.68, cell * 0.3, colour);
        }
      });
    });
  }

  toPng() {
    return encodePng(this.width, this.height, this.pixels);
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
const WHITE: Rgb = [255, 255, 255];

/**
 * A category picture: a diagonal gradient in the department's hue with soft translucent circles. Departments get
 * concentric rings, categories a large disc, sub-categories scattered bubbles, so the levels look related but apart.
 */
export function categoryImage(name: string, hue: number, level: number, size = 256) {
  const random = randomFrom(`${name}/${level}`);
  const shift = (random() - 0.5) * 20; // siblings differ a little in hue
  const light = hsl(hue + shift, 0.7, 0.86);
  const deep = hsl(hue + shift + 10, 0.55, 0.5);
  const canvas = new Canvas(size, size);
  // exactly diagonal: each row is the last one shifted by a pixel, which deflate packs well
  canvas.gradient(light, deep, random() < 0.5 ? Math.PI / 4 : (3 * Math.PI) / 4);
  const s = size / 256;
  if (level === 0) {
    const cx = size * (0.55 + random() * 0.2);
    const cy = size * (0.55 + random() * 0.2);
    for (let i = 0; i < 4; i++) canvas.ring(cx, cy, (40 + i * 34) * s, 14 * s, WHITE, 0.22 - i * 0.04);
    canvas.circle(cx, cy, 22 * s, WHITE, 0.5);
  } else if (level === 1) {
    canvas.circle(size * (0.3 + random() * 0.4), size * (0.3 + random() * 0.4), (70 + random() * 30) * s, WHITE, 0.28);
    canvas.circle(size * random(), size * random(), (30 + random() * 30) * s, mix(deep, WHITE, 0.3), 0.45);
    canvas.roundedRect(
      size * (0.2 + random() * 0.6),
      size * (0.2 + random() * 0.6),
      28 * s,
      28 * s,
      8 * s,
      WHITE,
      0.3,
      random() * Math.PI,
    );
  } else {
    for (let i = 0; i < 7; i++) {
      const colour = i % 3 === 0 ? mix(deep, WHITE, 0.5) : WHITE;
      canvas.circle(size * random(), size * random(), (12 + random() * 46) * s, colour, 0.18 + random() * 0.22);
    }
  }
  return canvas.toPng();
}

/** A brand mark: the initials in a coloured badge (circle, rounded square or diamond) on a pale ground. */
export function brandLogo(name: string, hue: number, style: number, size = 256) {
  const initials = name
    .split(/[\s&.]+/)
    .filter((word) => /^[A-Za-z]/.test(word) && word.toLowerCase() !== "co")
    .map((word) => word[0])
    .join("")
    .slice(0, 2);
  const canvas = new Canvas(size, size);
  const s = size / 256;
  const mid = size / 2;
  const badge = hsl(hue, 0.5, 0.38);
  canvas.gradient(hsl(hue, 0.35, 0.97), hsl(hue, 0.4, 0.9), Math.PI / 2);
  switch (style % 3) {
    case 0:
      canvas.circle(mid, mid, 96 * s, badge);
      canvas.ring(mid, mid, 84 * s, 3 * s, WHITE, 0.8);
      break;
    case 1:
      canvas.roundedRect(mid, mid, 92 * s, 92 * s, 28 * s, badge);
      break;
    default:
      canvas.roundedRect(mid, mid, 82 * s, 82 * s, 16 * s, badge, 1, Math.PI / 4);
  }
  canvas.text(initials, mid, mid, (initials.length > 1 ? 9 : 12) * s, WHITE);
  return canvas.toPng();
}

// 5×7 capitals for the brand monograms
const GLYPHS: Record<string, string[]> = {
  A: [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  B: ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
  C: [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
  D: ["####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."],
  E: ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
  F: ["#####", "#....", "#....", "####.", "#....", "#....", "#...."],
  G: [".###.", "#...#", "#....", "#.###", "#...#", "#...#", ".###."],
  H: ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
  I: [".###.", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
  J: ["..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."],
  K: ["#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"],
  L: ["#....", "#....", "#....", "#....", "#....", "#....", "#####"],
  M: ["#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"],
  N: ["#...#", "#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#"],
  O: [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  P: ["####.", "#...#", "#...#", "####.", "#....", "#....", "#...."],
  Q: [".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"],
  R: ["####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"],
  S: [".####", "#....", "#....", ".###.", "....#", "....#", "####."],
  T: ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
  U: ["#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
  V: ["#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."],
  W: ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "#.#.#", ".#.#."],
  X: ["#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"],
  Y: ["#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."],
  Z: ["#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"],
};

/** The shapes a product picture can show, so a department's products look like what it sells. */
export type ProductMotif = "garment" | "shoe" | "bag" | "bottle" | "jar" | "box" | "orb";

/**
 * A product photo stand-in: the item drawn in `colour` (or the department's hue) on a soft studio ground, with a
 * shadow under it. The same seed always draws the same picture.
 */
export function productImage(seed: string, hue: number, motif: ProductMotif, colour?: Rgb, size = 200) {
  const random = randomFrom(`product/${seed}`);
  const s = size / 200;
  const mid = size / 2;
  const canvas = new Canvas(size, size);
  canvas.gradient(hsl(hue + (random() - 0.5) * 30, 0.3, 0.95), hsl(hue, 0.35, 0.84), Math.PI / 2);
  const item = colour ?? hsl(hue + (random() - 0.5) * 40, 0.45 + random() * 0.2, 0.35 + random() * 0.25);
  const shade = mix(item, [0, 0, 0], 0.25);
  const light = mix(item, WHITE, 0.35);
  canvas.roundedRect(mid, 176 * s, 62 * s, 7 * s, 7 * s, [0, 0, 0], 0.12);
  switch (motif) {
    case "garment":
      canvas.roundedRect(mid - 52 * s, 70 * s, 14 * s, 34 * s, 8 * s, shade, 1, Math.PI / 5);
      canvas.roundedRect(mid + 52 * s, 70 * s, 14 * s, 34 * s, 8 * s, shade, 1, -Math.PI / 5);
      canvas.roundedRect(mid, 108 * s, 46 * s, 64 * s, 10 * s, item);
      canvas.circle(mid, 44 * s, 16 * s, hsl(hue, 0.3, 0.93));
      canvas.roundedRect(mid, 150 * s, 46 * s, 3 * s, 1 * s, light, 0.6);
      break;
    case "shoe":
      canvas.roundedRect(mid + 10 * s, 146 * s, 66 * s, 18 * s, 16 * s, item);
      canvas.roundedRect(mid - 28 * s, 118 * s, 30 * s, 34 * s, 14 * s, item);
      canvas.roundedRect(mid + 10 * s, 162 * s, 68 * s, 5 * s, 4 * s, WHITE, 0.9);
      for (let i = 0; i < 3; i++)
        canvas.roundedRect(mid - 4 * s + i * 14 * s, 132 * s, 4 * s, 9 * s, 2 * s, light, 0.9, Math.PI / 6);
      break;
    case "bag":
      canvas.ring(mid, 74 * s, 34 * s, 7 * s, shade);
      canvas.roundedRect(mid, 126 * s, 62 * s, 48 * s, 12 * s, item);
      canvas.roundedRect(mid, 98 * s, 62 * s, 4 * s, 2 * s, light, 0.7);
      canvas.circle(mid, 110 * s, 6 * s, light);
      break;
    case "bottle":
      canvas.roundedRect(mid, 40 * s, 13 * s, 14 * s, 4 * s, shade);
      canvas.roundedRect(mid, 62 * s, 9 * s, 12 * s, 3 * s, light);
      canvas.roundedRect(mid, 122 * s, 34 * s, 54 * s, 14 * s, item);
      canvas.roundedRect(mid, 126 * s, 24 * s, 20 * s, 4 * s, WHITE, 0.85);
      break;
    case "jar":
      canvas.roundedRect(mid, 84 * s, 50 * s, 12 * s, 5 * s, shade);
      canvas.roundedRect(mid, 132 * s, 56 * s, 38 * s, 16 * s, item);
      canvas.roundedRect(mid, 134 * s, 32 * s, 14 * s, 4 * s, WHITE, 0.85);
      break;
    case "box":
      canvas.roundedRect(mid, 118 * s, 58 * s, 50 * s, 6 * s, item);
      canvas.roundedRect(mid, 118 * s, 8 * s, 50 * s, 2 * s, light, 0.9);
      canvas.roundedRect(mid, 118 * s, 58 * s, 6 * s, 2 * s, light, 0.9);
      canvas.circle(mid, 66 * s, 12 * s, shade);
      break;
    default:
      canvas.circle(mid, 108 * s, 58 * s, item);
      canvas.circle(mid - 20 * s, 88 * s, 18 * s, WHITE, 0.35);
      canvas.ring(mid, 108 * s, 40 * s, 4 * s, light, 0.5);
  }
  return canvas.toPng();
}

/** A size chart: a table with a coloured header row and the sizes down the first column (spec 2 §5 size chart). */
export function sizeChartImage(
  hue: number,
  sizes: readonly string[] = ["XS", "S", "M", "L", "XL"],
  width = 400,
  height = 300,
) {
  const canvas = new Canvas(width, height);
  canvas.gradient(WHITE, hsl(hue, 0.2, 0.96), Math.PI / 2);
  const head = hsl(hue, 0.45, 0.42);
  canvas.roundedRect(width / 2, 34, width / 2 - 16, 22, 6, head);
  canvas.text("SIZE", width / 2, 34, 3, WHITE);
  const rows = sizes.length;
  const top = 68;
  const rowHeight = (height - top - 16) / rows;
  for (let r = 0; r < rows; r++) {
    const cy = top + (r + 0.5) * rowHeight;
    if (r % 2 === 0) canvas.roundedRect(width / 2, cy, width / 2 - 16, rowHeight / 2, 2, hsl(hue, 0.35, 0.9));
    canvas.text(sizes[r].replace(/[^A-Z]/gi, ""), 50, cy, 2.4, head);
    for (let c = 0; c < 4; c++) canvas.roundedRect(130 + c * 72, cy, 22, 3, 1.5, hsl(hue, 0.25, 0.55), 0.8);
  }
  for (let c = 0; c < 4; c++)
    canvas.roundedRect(
      94 + c * 72,
      top + (height - top - 16) / 2,
      0.6,
      (height - top - 16) / 2,
      0.3,
      hsl(hue, 0.2, 0.7),
    );
  return canvas.toPng();
}

/** `#RRGGBB` as a colour. */
export const hexColour = (hex: string): Rgb => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];
