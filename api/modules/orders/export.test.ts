import { execFileSync } from "node:child_process";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApi, type TestApi } from "../../../tests/api-harness";
import { testKit } from "../../../tests/factories";

// spec 2 §9 (ADR 0031, ADR 0051): the orders PDF prints customers', shops' and addresses' own words whatever their
// script: read back with pdftotext (poppler-utils; `npm test` installs it with Chromium).

let t: TestApi;
let admin = "";
const SHOP = "Café 東京 🛍";
const PEOPLE = [
  { fName: "张", lName: "伟", address: "朝阳区建国路88号", city: "北京" },
  { fName: "山田", lName: "はなこ", address: "渋谷区神南1-2", city: "東京" },
  { fName: "محمد", lName: "علي", address: "شارع الملك فهد 12", city: "الرياض" },
  { fName: "דוד", lName: "כהן", address: "רחוב הרצל 5", city: "תל אביב" },
  { fName: "Zoë", lName: "Ångström-Łukasiewicz", address: "Rue de l'Église", city: "Besançon" },
  { fName: "Mia", lName: "Lee 🎉", address: "1 George Street", city: "Sydney" },
];

beforeAll(async () => {
  t = await testApi();
  const kit = testKit(t);
  const shop = await kit.shop({ name: SHOP });
  admin = (await kit.admin()).cookie;
  const product = await kit.product(shop);
  for (const [i, p] of PEOPLE.entries()) {
    const buyer = await kit.customer({ fName: p.fName, lName: p.lName });
    await kit.orderAsPlaced(buyer.id, new Date(Date.UTC(2026, 1, 1, i)), [{ product, shop, unit: 1000, qty: 1 }], {
      address: p.address,
      city: p.city,
    });
  }
});
afterAll(() => t.close());

/** The export as an admin sees it, written to a file for poppler's tools. */
async function exportedPdf() {
  const res = await t.app.request("http://localhost/api/order/export?format=pdf", { headers: { cookie: admin } });
  expect(res.status).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "orders-pdf-")), "orders.pdf");
  writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  return file;
}

// pdftotext marks right-to-left words with embedding controls and may drop a space between CJK characters; Arabic
// could come back as presentation forms: compare letters in logical order
const letters = (text: string) => text.normalize("NFKC").replace(/[\u202A-\u202E\u2066-\u2069\s]/g, "");

/** The words on the row holding `word` (visual order, left to right), as pdftotext's bounding boxes give them. */
function rowWords(file: string, word: string) {
  const html = execFileSync("pdftotext", ["-bbox", file, "-"]).toString();
  const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    text: m[3],
  }));
  const row = words.find((w) => w.text === word)!;
  return words
    .filter((w) => Math.abs(w.y - row.y) < 2)
    .sort((a, b) => a.x - b.x)
    .map((w) => w.text);
}
const visual = (logical: string) => [...logical].reverse().join("");

describe("GET order/export?format=pdf in every script", () => {
  it("prints Chinese, Japanese, Arabic, Hebrew, accented Latin and emoji as they were written", async () => {
    const file = await exportedPdf();
    // the fonts are embedded subset to the glyphs used: the Chinese font alone is 8.4 MB whole
    expect(statSync(file).size).toBeLessThan(300_000);
    const text = letters(execFileSync("pdftotext", [file, "-"]).toString());
    for (const p of PEOPLE) {
      expect(text).toContain(letters(`${p.fName} ${p.lName}`));
      // a house number's place in a right-to-left address is the next test's
      expect(text).toContain(letters(p.address.replace(/ \d+$/, "")));
      expect(text).toContain(letters(p.city));
    }
    expect(text).toContain(letters(SHOP));
  });

  it("sets right-to-left text right to left, numbers inside it left to right", async () => {
    const file = await exportedPdf();
    // the address cell of a right-to-left paragraph reads from the right: street words, number, comma, city
    expect(rowWords(file, visual("شارع")).slice(-5)).toEqual([
      visual("الرياض"),
      ",12",
      visual("فهد"),
      visual("الملك"),
      visual("شارع"),
    ]);
    expect(rowWords(file, visual("רחוב")).slice(-5)).toEqual([
      visual("אביב"),
      visual("תל"),
      ",5",
      visual("הרצל"),
      visual("רחוב"),
    ]);
  });
});
