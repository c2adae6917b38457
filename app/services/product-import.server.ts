import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { MSG } from "#contract/core/messages";
import { config } from "./config.server";

// The product import's file between its check and its confirmation (ADR 0073). Without JavaScript the confirmation is
// a second plain post, and a 10,000-row file (about 3 MB) is too large to carry back in a hidden field (a page's form
// post is limited to 1 MB, ADR 0026): it is kept under DATA_DIR, in the importing person's own folder, named by a
// random token; the confirmation names the token. A file is dropped once imported, and any left after a day.

/** What is kept: the file's text and name, and the images and size charts uploaded with it, by file name. */
export interface KeptImport {
  csv: string;
  fileName: string;
  images: Record<string, string>;
  sizeCharts: Record<string, string>;
}

const TOKEN = /^[0-9a-f]{32}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;

/** Each person's own folder: a token of someone else's names nothing there. */
const folderOf = (userId: string) =>
  path.join(path.resolve(config().DATA_DIR), "imports", userId.replace(/[^A-Za-z0-9_-]/g, "_"));

async function dropStale(folder: string) {
  const names = await readdir(folder).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > KEEP_MS) await rm(file, { force: true });
  }
}

/** Keeps a checked file for its confirmation; answers the token that names it. */
export async function keepImport(userId: string, kept: KeptImport) {
  const folder = folderOf(userId);
  await mkdir(folder, { recursive: true });
  await dropStale(folder);
  const token = randomBytes(16).toString("hex");
  await writeFile(path.join(folder, `${token}.json`), JSON.stringify(kept), { mode: 0o600 });
  return token;
}

/** The file a token names, if this person kept it (and it was not imported or dropped since). */
export async function keptImport(userId: string, token: string): Promise<KeptImport | null> {
  if (!TOKEN.test(token)) return null;
  const text = await readFile(path.join(folderOf(userId), `${token}.json`), "utf8").catch(() => null);
  return text === null ? null : (JSON.parse(text) as KeptImport);
}

export async function dropImport(userId: string, token: string) {
  if (TOKEN.test(token)) await rm(path.join(folderOf(userId), `${token}.json`), { force: true });
}

/** The import page's upload form, once its files are read: the CSV's text and name, the images' stored locations. */
export const importUploadSchema = z.object({
  file: z.string({ error: MSG.importFileRequired }).min(1, MSG.importFileRequired),
  fileName: z.string().optional(),
  images: z.array(z.string()).or(z.string()).optional(),
  sizeCharts: z.array(z.string()).or(z.string()).optional(),
});
