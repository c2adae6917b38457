/** How many leading bytes sniffing needs (MPEG-TS checks the sync byte of the third 188-byte packet). */
export const SNIFF_BYTES = 512;

const ascii = (head: Uint8Array, at: number, text: string) => {
  if (head.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (head[at + i] !== text.charCodeAt(i)) return false;
  return true;
};
const bytes = (head: Uint8Array, at: number, expected: number[]) => expected.every((b, i) => head[at + i] === b);

/** ISO base media (mp4, mov, 3gp, heif): the `ftyp` box brand decides. */
function isoMedia(head: Uint8Array): string | null {
  if (!ascii(head, 4, "ftyp")) return null;
  const brand = String.fromCharCode(...head.slice(8, 12));
  if (brand === "qt  ") return "video/quicktime";
  if (brand.startsWith("3g2")) return "video/3gpp2";
  if (brand.startsWith("3gp")) return "video/3gpp";
  if (["heic", "heix", "mif1", "msf1"].includes(brand)) return "image/heic";
  if (brand === "avif" || brand === "avis") return "image/avif";
  if (brand === "M4A " || brand === "M4B ") return "audio/mp4";
  return "video/mp4";
}

/** Matroska and WebM share EBML; the DocType string near the start tells them apart. */
function ebml(head: Uint8Array): string | null {
  if (!bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const text = String.fromCharCode(...head.slice(0, 64));
  return text.includes("webm") ? "video/webm" : "video/x-matroska";
}

/**
 * The real content type of a file from its first bytes, or null when it is none we accept.
 * The declared type and the file name are never trusted (a PNG named .jpg is a PNG; HTML named .jpg is refused).
 */
export function sniffContentType(head: Uint8Array): string | null {
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a")) return "image/gif";
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "WEBP")) return "image/webp";
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "AVI ")) return "video/x-msvideo";
  if (ascii(head, 0, "BM") && head.length >= 26 && bytes(head, 6, [0, 0, 0, 0])) return "image/bmp";
  if (bytes(head, 0, [0x49, 0x49, 0x2a, 0x00]) || bytes(head, 0, [0x4d, 0x4d, 0x00, 0x2a])) return "image/tiff";
  const iso = isoMedia(head);
  if (iso) return iso;
  const mkv = ebml(head);
  if (mkv) return mkv;
  if (ascii(head, 0, "FLV") && head[3] === 0x01) return "video/x-flv";
  if (bytes(head, 0, [0x00, 0x00, 0x01, 0xba]) || bytes(head, 0, [0x00, 0x00, 0x01, 0xb3])) return "video/mpeg";
  if (bytes(head, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return "video/x-ms-wmv";
  // MPEG transport stream: a 0x47 sync byte every 188 bytes
  if (head.length >= 377 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47) return "video/mp2t";
  if (ascii(head, 0, "%PDF-")) return "application/pdf";
  return null;
}
