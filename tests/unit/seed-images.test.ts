import { crc32 as zlibCrc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { sniffContentType } from "../../api/modules/uploads";
import { brandLogo, categoryImage, crc32, encodePng } from "../../api/db/seed/images";

/** The chunks of a PNG, with each checksum checked against zlib's CRC-32. */
function chunks(png: Buffer) {
  const out: { type: string; data: Buffer; crcOk: boolean }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    out.push({
      type,
      data,
      crcOk: png.readUInt32BE(at + 8 + length) === zlibCrc32(png.subarray(at + 4, at + 8 + length)),
    });
    at += 12 + length;
  }
  return out;
}

/** Undoes the scanline filters the encoder uses (None and Up) to get the pixels back. */
function unfilter(raw: Buffer, width: number, height: number) {
  const stride = width * 3;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    expect([0, 2]).toContain(filter);
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i];
      pixels[y * stride + i] = filter === 2 && y > 0 ? (value + pixels[(y - 1) * stride + i]) & 0xff : value;
    }
  }
  return pixels;
}

describe("demo image generator", () => {
  it("computes the PNG CRC-32", () => {
    expect(crc32(Buffer.from("IEND"))).toBe(0xae426082);
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("writes a valid PNG: signature, IHDR size, checksums, and an IDAT that inflates back to the pixels", () => {
    const width = 7;
    const height = 5;
    const pixels = Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 37 + (i % 5) * 11) & 0xff);
    const png = encodePng(width, height, pixels);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(sniffContentType(png)).toBe("image/png");
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(list.every((c) => c.crcOk)).toBe(true);
    const ihdr = list[0].data;
    expect(ihdr.readUInt32BE(0)).toBe(width);
    expect(ihdr.readUInt32BE(4)).toBe(height);
    expect([...ihdr.subarray(8)]).toEqual([8, 2, 0, 0, 0]); // 8-bit truecolour, deflate, adaptive filters, no interlace
    const raw = inflateSync(list[1].data);
    expect(raw.length).toBe((width * 3 + 1) * height);
    expect(unfilter(raw, width, height)).toEqual(pixels);
  });

  it("refuses pixels that do not match the size", () => {
    expect(() => encodePng(2, 2, new Uint8Array(11))).toThrow(/12 bytes/);
  });

  it("draws ~256×256 category pictures and brand logos: small, the same for the same name, different per department", () => {
    for (const png of [
      categoryImage("Women's Fashion", 345, 0),
      categoryImage("Clothing", 345, 1),
      categoryImage("Dresses", 345, 2),
      brandLogo("Wattle & Ash", 20, 0),
    ]) {
      expect(sniffContentType(png)).toBe("image/png");
      const [ihdr, idat] = chunks(png);
      expect([ihdr.data.readUInt32BE(0), ihdr.data.readUInt32BE(4)]).toEqual([256, 256]);
      expect(inflateSync(idat.data).length).toBe((256 * 3 + 1) * 256);
      expect(png.length).toBeLessThan(64 * 1024);
    }
    expect(categoryImage("Dresses", 345, 2).equals(categoryImage("Dresses", 345, 2))).toBe(true);
    const pixelsOf = (png: Buffer) => unfilter(inflateSync(chunks(png)[1].data), 256, 256);
    // the same picture in two departments' hues differs in colour, not just in bytes
    const women = pixelsOf(categoryImage("Shoes", 345, 1));
    const men = pixelsOf(categoryImage("Shoes", 215, 1));
    const at = (p: Uint8Array) => [p[0], p[1], p[2]];
    expect(at(women)).not.toEqual(at(men));
    expect(women[0]).toBeGreaterThan(women[2]); // rose: more red than blue
    expect(men[2]).toBeGreaterThan(men[0]); // blue
  });
});
