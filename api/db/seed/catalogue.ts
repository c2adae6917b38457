import type { AttributeType } from "#contract/catalogue/attributes";
import { uploadKey } from "#api/modules/uploads";
import { newId } from "#api/platform/data/ids";
import type { Storage } from "#api/platform/providers/storage";
import type { Database } from "../client";
import { uploads } from "../schema";
import {
  assignShopCategories,
  createAttribute,
  createBrand,
  createCategory,
  createShopCommission,
  setLeafAttributes,
} from "./catalogue-factories";
import { brandLogo, categoryImage, randomFrom } from "./images";

// Demo taxonomy for a fashion-and-lifestyle marketplace (spec 2 §3): managed attributes, a three-level category
// tree whose leaves carry attributes, variations, tax and commission, brands, and the seeded shops' departments.

/** Where demo images go: the app's storage, under keys built like real uploads. */
export interface SeedFiles {
  storage: Storage;
  /** the host part of upload keys (hostPart in the uploads module) */
  host: string;
}

/** Stores a generated picture as an upload would end: put, then sealed as the served file. */
export async function storeSeedFile(files: SeedFiles, key: string, png: Uint8Array | Buffer) {
  await files.storage.put(key, new Blob([new Uint8Array(png)]).stream(), "image/png");
  await files.storage.seal(key);
}

interface AttributeSpec {
  type: AttributeType;
  isForVariation?: boolean;
  list?: string[];
  map?: Record<string, string>;
  hint?: string;
  unit?: string;
}

/** spec 2 §3 Attribute: the managed definitions; units come from the name (Weight kg, Height and Width cm). */
const ATTRIBUTES = {
  Material: {
    type: "dropdown",
    list: [
      "Cotton",
      "Linen",
      "Silk",
      "Wool",
      "Polyester",
      "Denim",
      "Leather",
      "Cashmere",
      "Viscose",
      "Nylon",
      "Suede",
      "Bamboo",
      "Ceramic",
      "Stoneware",
      "Glass",
      "Stainless Steel",
      "Cast Iron",
      "Timber",
      "Canvas",
      "Recycled Plastic",
    ],
  },
  Size: { type: "dropdown", isForVariation: true, list: ["XS", "S", "M", "L", "XL", "XXL"] },
  Color: {
    type: "dropdown",
    isForVariation: true,
    list: ["Black", "White", "Navy", "Red", "Pink", "Beige", "Brown", "Green", "Blue", "Grey", "Yellow", "Purple"],
    map: {
      Black: "#1C1C1C",
      White: "#FFFFFF",
      Navy: "#1F2A44",
      Red: "#D32F2F",
      Pink: "#F48FB1",
      Beige: "#D8C3A5",
      Brown: "#795548",
      Green: "#2E7D32",
      Blue: "#1E88E5",
      Grey: "#9E9E9E",
      Yellow: "#FBC02D",
      Purple: "#7B1FA2",
    },
  },
  Weight: { type: "number", hint: "Packed weight" },
  Height: { type: "number" },
  Width: { type: "number" },
  "Care Instructions": { type: "text", hint: "e.g. Machine wash cold, line dry" },
  Pattern: { type: "radio", list: ["Solid", "Striped", "Floral", "Checked", "Animal Print", "Polka Dot", "Graphic"] },
  Features: {
    type: "checkbox",
    list: [
      "Pockets",
      "Stretch",
      "Lined",
      "Adjustable Straps",
      "Reversible",
      "Quick Dry",
      "Breathable",
      "Padded",
      "Vegan",
    ],
  },
  Waterproof: { type: "boolean", list: ["Yes", "No"] },
  "Shoe Size": {
    type: "dropdown",
    isForVariation: true,
    list: ["AU 5", "AU 6", "AU 7", "AU 8", "AU 9", "AU 10", "AU 11", "AU 12"],
  },
  Volume: { type: "dropdown", isForVariation: true, list: ["30 ml", "50 ml", "100 ml", "200 ml", "250 ml", "500 ml"] },
  Fit: { type: "radio", list: ["Slim", "Regular", "Relaxed", "Oversized"] },
  "Skin Type": { type: "checkbox", list: ["Normal", "Dry", "Oily", "Combination", "Sensitive"] },
  Ingredients: { type: "text", hint: "Key ingredients, most first" },
  "Scent Family": { type: "radio", list: ["Floral", "Woody", "Fresh", "Citrus", "Oriental", "Gourmand"] },
  Scent: {
    type: "dropdown",
    isForVariation: true,
    list: ["Vanilla", "Sandalwood", "Lavender", "Lemon Myrtle", "Fresh Linen", "Sea Salt"],
  },
  Shade: {
    type: "dropdown",
    isForVariation: true,
    list: ["Fair", "Light", "Light Medium", "Medium", "Tan", "Deep"],
    map: {
      Fair: "#F3D9C6",
      Light: "#E8C4A6",
      "Light Medium": "#D9A982",
      Medium: "#C18E66",
      Tan: "#A06D47",
      Deep: "#6B4329",
    },
  },
  Finish: { type: "radio", list: ["Matte", "Satin", "Dewy", "Shimmer", "Gloss"] },
  SPF: { type: "radio", list: ["SPF 15", "SPF 30", "SPF 50", "SPF 50+"] },
  "Hair Type": { type: "checkbox", list: ["Straight", "Wavy", "Curly", "Coily", "Fine", "Thick", "Colour-Treated"] },
  "Lens Type": { type: "radio", list: ["Polarised", "Gradient", "Mirrored", "Tinted"] },
  Metal: {
    type: "dropdown",
    isForVariation: true,
    list: ["Sterling Silver", "Gold Plated", "Rose Gold Plated", "Stainless Steel"],
    map: {
      "Sterling Silver": "#C0C0C0",
      "Gold Plated": "#D4AF37",
      "Rose Gold Plated": "#B76E79",
      "Stainless Steel": "#8A9597",
    },
  },
  "Heel Height": { type: "number", unit: "cm" },
  "Thread Count": { type: "number" },
  "Bed Size": { type: "dropdown", isForVariation: true, list: ["Single", "King Single", "Double", "Queen", "King"] },
  Firmness: { type: "dropdown", isForVariation: true, list: ["Soft", "Medium", "Firm"] },
  "Print Size": { type: "dropdown", isForVariation: true, list: ["A4", "A3", "A2", "A1"] },
  Pieces: { type: "number", hint: "Pieces in the set" },
  Capacity: { type: "dropdown", isForVariation: true, list: ["350 ml", "500 ml", "750 ml", "1 L"] },
  Resistance: { type: "dropdown", isForVariation: true, list: ["Light", "Medium", "Heavy", "Extra Heavy"] },
  "Dumbbell Weight": {
    type: "dropdown",
    isForVariation: true,
    list: ["2 kg", "4 kg", "6 kg", "8 kg", "10 kg", "12 kg"],
  },
  "Baby Size": {
    type: "dropdown",
    isForVariation: true,
    list: [
      "0000 (Newborn)",
      "000 (0–3 months)",
      "00 (3–6 months)",
      "0 (6–12 months)",
      "1 (12–18 months)",
      "2 (18–24 months)",
    ],
  },
  "Kids Size": { type: "dropdown", isForVariation: true, list: ["2", "3", "4", "5", "6", "7", "8", "10", "12", "14"] },
  "Kids Shoe Size": {
    type: "dropdown",
    isForVariation: true,
    list: ["Kids 8", "Kids 9", "Kids 10", "Kids 11", "Kids 12", "Kids 13", "Youth 1", "Youth 2", "Youth 3"],
  },
  "Age Range": { type: "dropdown", list: ["0–12 months", "1–3 years", "3–5 years", "5–8 years", "8+ years"] },
  "Piece Count": { type: "dropdown", isForVariation: true, list: ["24", "48", "100", "500", "1000"] },
} satisfies Record<string, AttributeSpec>;

type AttributeName = keyof typeof ATTRIBUTES;

/** A sub-category: its name, attributes and variations (the first variation is the main one). */
type Leaf = [name: string, attrs: AttributeName[], variations: AttributeName[]];

export type DepartmentName =
  | "Women's Fashion"
  | "Men's Fashion"
  | "Beauty & Personal Care"
  | "Home & Living"
  | "Sports & Outdoors"
  | "Kids & Baby";

interface Department {
  name: DepartmentName;
  /** the hue of its images, so a department's pictures belong together */
  hue: number;
  /** the default commission of its leaves, in percent */
  commission: number;
  categories: { name: string; leaves: Leaf[] }[];
}

const CLOTHING: AttributeName[] = ["Material", "Fit", "Pattern", "Care Instructions", "Weight"];
const APPAREL: AttributeName[] = ["Color", "Size"];
const SHOES: AttributeName[] = ["Color", "Shoe Size"];
const SKINCARE: AttributeName[] = ["Skin Type", "Ingredients"];

const DEPARTMENTS: Department[] = [
  {
    name: "Women's Fashion",
    hue: 345,
    commission: 12,
    categories: [
      {
        name: "Clothing",
        leaves: [
          ["Dresses", CLOTHING, APPAREL],
          ["Tops & Blouses", CLOTHING, APPAREL],
          ["Jeans", ["Material", "Fit", "Care Instructions", "Weight"], APPAREL],
          ["Skirts", CLOTHING, APPAREL],
          ["Knitwear", CLOTHING, APPAREL],
          ["Jackets & Coats", ["Material", "Features", "Waterproof", "Care Instructions", "Weight"], APPAREL],
        ],
      },
      {
        name: "Shoes",
        leaves: [
          ["Sneakers", ["Material", "Features", "Weight"], SHOES],
          ["Heels", ["Material", "Heel Height"], SHOES],
          ["Flats", ["Material", "Features"], SHOES],
          ["Boots", ["Material", "Heel Height", "Waterproof"], SHOES],
          ["Sandals", ["Material", "Heel Height"], SHOES],
        ],
      },
      {
        name: "Accessories",
        leaves: [
          ["Handbags", ["Material", "Features", "Width", "Height"], ["Color"]],
          ["Jewellery", ["Weight", "Care Instructions"], ["Metal"]],
          ["Scarves", ["Material", "Pattern", "Width", "Height"], ["Color"]],
          ["Sunglasses", ["Lens Type", "Material"], ["Color"]],
          ["Hats", ["Material", "Features"], APPAREL],
        ],
      },
      {
        name: "Sleepwear & Lingerie",
        leaves: [
          ["Pyjamas", CLOTHING, APPAREL],
          ["Bras", ["Material", "Features", "Care Instructions"], APPAREL],
          ["Robes", ["Material", "Care Instructions"], APPAREL],
        ],
      },
    ],
  },
  {
    name: "Men's Fashion",
    hue: 215,
    commission: 12,
    categories: [
      {
        name: "Clothing",
        leaves: [
          ["T-Shirts", CLOTHING, APPAREL],
          ["Shirts", CLOTHING, APPAREL],
          ["Jeans", ["Material", "Fit", "Care Instructions", "Weight"], APPAREL],
          ["Chinos & Trousers", CLOTHING, APPAREL],
          ["Jackets & Coats", ["Material", "Features", "Waterproof", "Care Instructions", "Weight"], APPAREL],
          ["Knitwear", CLOTHING, APPAREL],
        ],
      },
      {
        name: "Shoes",
        leaves: [
          ["Sneakers", ["Material", "Features", "Weight"], SHOES],
          ["Boots", ["Material", "Waterproof"], SHOES],
          ["Dress Shoes", ["Material", "Care Instructions"], SHOES],
          ["Sandals", ["Material"], SHOES],
        ],
      },
      {
        name: "Accessories",
        leaves: [
          ["Watches", ["Material", "Waterproof", "Features"], ["Color"]],
          ["Wallets", ["Material", "Features"], ["Color"]],
          ["Belts", ["Material", "Width"], ["Color", "Size"]],
          ["Caps & Hats", ["Material", "Features"], APPAREL],
          ["Sunglasses", ["Lens Type", "Material"], ["Color"]],
        ],
      },
    ],
  },
  {
    name: "Beauty & Personal Care",
    hue: 285,
    commission: 15,
    categories: [
      {
        name: "Skincare",
        leaves: [
          ["Cleansers", SKINCARE, ["Volume"]],
          ["Moisturisers", SKINCARE, ["Volume"]],
          ["Serums", SKINCARE, ["Volume"]],
          ["Sunscreen", ["SPF", "Skin Type", "Waterproof"], ["Volume"]],
          ["Face Masks", SKINCARE, ["Volume"]],
        ],
      },
      {
        name: "Makeup",
        leaves: [
          ["Foundation", ["Finish", "Skin Type", "SPF"], ["Shade", "Volume"]],
          ["Lipstick", ["Finish", "Ingredients"], ["Color"]],
          ["Mascara", ["Features", "Waterproof"], ["Color"]],
          ["Eyeshadow", ["Finish"], ["Color"]],
        ],
      },
      {
        name: "Fragrance",
        leaves: [
          ["Women's Perfume", ["Scent Family", "Ingredients"], ["Volume"]],
          ["Men's Cologne", ["Scent Family", "Ingredients"], ["Volume"]],
          ["Body Mists", ["Scent Family"], ["Scent", "Volume"]],
        ],
      },
      {
        name: "Hair Care",
        leaves: [
          ["Shampoo", ["Hair Type", "Ingredients"], ["Volume"]],
          ["Conditioner", ["Hair Type", "Ingredients"], ["Volume"]],
          ["Hair Styling", ["Hair Type", "Finish"], ["Volume"]],
        ],
      },
      {
        name: "Bath & Body",
        leaves: [
          ["Body Wash", ["Scent Family", "Ingredients"], ["Scent", "Volume"]],
          ["Body Lotion", ["Skin Type", "Ingredients"], ["Scent", "Volume"]],
          ["Hand Cream", ["Skin Type", "Ingredients"], ["Volume"]],
        ],
      },
    ],
  },
  {
    name: "Home & Living",
    hue: 15,
    commission: 10,
    categories: [
      {
        name: "Bedding",
        leaves: [
          ["Sheet Sets", ["Material", "Thread Count", "Care Instructions"], ["Bed Size", "Color"]],
          ["Quilt Covers", ["Material", "Pattern", "Care Instructions"], ["Bed Size", "Color"]],
          ["Pillows", ["Material", "Features", "Width", "Height"], ["Firmness"]],
        ],
      },
      {
        name: "Home Decor",
        leaves: [
          ["Candles", ["Scent Family", "Weight", "Height"], ["Scent"]],
          ["Vases", ["Material", "Height", "Width"], ["Color"]],
          ["Cushions", ["Material", "Pattern", "Width", "Height"], ["Color"]],
          ["Wall Art", ["Material", "Width", "Height"], ["Print Size"]],
        ],
      },
      {
        name: "Kitchen & Dining",
        leaves: [
          ["Cookware", ["Material", "Weight", "Features"], ["Color"]],
          ["Dinnerware", ["Material", "Pieces", "Care Instructions"], ["Color"]],
          ["Glassware", ["Pieces", "Care Instructions"], ["Capacity"]],
        ],
      },
      {
        name: "Bath",
        leaves: [
          ["Towels", ["Material", "Weight", "Care Instructions"], ["Color"]],
          ["Bath Mats", ["Material", "Width", "Height"], ["Color"]],
        ],
      },
    ],
  },
  {
    name: "Sports & Outdoors",
    hue: 130,
    commission: 9,
    categories: [
      {
        name: "Activewear",
        leaves: [
          ["Leggings", ["Material", "Features", "Fit"], APPAREL],
          ["Sports Bras", ["Material", "Features"], APPAREL],
          ["Training Tops", ["Material", "Features", "Fit"], APPAREL],
          ["Running Shorts", ["Material", "Features"], APPAREL],
        ],
      },
      {
        name: "Sports Footwear",
        leaves: [
          ["Running Shoes", ["Material", "Weight", "Features"], SHOES],
          ["Hiking Boots", ["Material", "Waterproof", "Weight"], SHOES],
        ],
      },
      {
        name: "Outdoor Gear",
        leaves: [
          ["Backpacks", ["Material", "Waterproof", "Features", "Weight", "Height", "Width"], ["Color"]],
          ["Tents", ["Material", "Waterproof", "Weight"], ["Color"]],
          ["Drink Bottles", ["Material", "Features"], ["Capacity", "Color"]],
        ],
      },
      {
        name: "Yoga & Fitness",
        leaves: [
          ["Yoga Mats", ["Material", "Width", "Weight"], ["Color"]],
          ["Resistance Bands", ["Material"], ["Resistance"]],
          ["Dumbbells", ["Material"], ["Dumbbell Weight"]],
        ],
      },
    ],
  },
  {
    name: "Kids & Baby",
    hue: 42,
    commission: 8,
    categories: [
      {
        name: "Baby Clothing",
        leaves: [
          ["Bodysuits", ["Material", "Care Instructions"], ["Color", "Baby Size"]],
          ["Sleepsuits", ["Material", "Features", "Care Instructions"], ["Color", "Baby Size"]],
          ["Baby Sets", ["Material", "Pattern", "Care Instructions"], ["Color", "Baby Size"]],
        ],
      },
      {
        name: "Kids' Clothing",
        leaves: [
          ["Kids' T-Shirts", ["Material", "Pattern", "Care Instructions"], ["Color", "Kids Size"]],
          ["Kids' Dresses", ["Material", "Pattern", "Care Instructions"], ["Color", "Kids Size"]],
          ["Kids' Jackets", ["Material", "Waterproof", "Care Instructions"], ["Color", "Kids Size"]],
        ],
      },
      {
        name: "Kids' Shoes",
        leaves: [
          ["Kids' Sneakers", ["Material", "Features"], ["Color", "Kids Shoe Size"]],
          ["Kids' Sandals", ["Material"], ["Color", "Kids Shoe Size"]],
        ],
      },
      {
        name: "Toys",
        leaves: [
          ["Plush Toys", ["Material", "Age Range", "Height"], ["Color"]],
          ["Wooden Toys", ["Material", "Age Range", "Features"], ["Color"]],
          ["Puzzles", ["Age Range", "Width", "Height"], ["Piece Count"]],
        ],
      },
    ],
  },
];

/** Invented names (no real trademarks), each with the hue of its logo. */
const BRANDS = [
  "Wattle & Ash",
  "Saltbush Studio",
  "Marlowe Lane",
  "Tidewell Co.",
  "Juniper Vale",
  "Coral Fern",
  "Ironbark Supply",
  "Nuvelle Atelier",
  "Kestrel & Kin",
  "Paperbark Home",
  "Bluegum Basics",
  "Sable Thread",
  "Moonfield",
  "Driftline",
  "Velvet Quokka",
  "Halcyon Row",
  "Northshore Knit",
  "Emberly",
  "Figtree Lane",
  "Opaline Skin",
  "Rosella Beauty",
  "Outback Trail Co.",
  "Summit Stride",
  "Little Wren",
  "Pebble & Pip",
  "Cinder Ceramics",
  "Aurelle",
  "Fernwood Botanics",
  "Stillwater Yoga",
  "Arlo & Mae",
];

/** spec 2 §3: leaves carry the tax; Australian GST. */
const GST = 10;
/** Fixed, like the people in the user seed, so the same dates come out every time. */
const SEEDED_AT = new Date("2026-11-01T00:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

/** A file written through the storage and its `uploads` row, exactly as a finished upload leaves them. */
interface PendingImage {
  key: string;
  fileName: string;
  png: Buffer;
  createdAt: Date;
}

/**
 * Plans everything first (ids, dates, pictures), writes the files, then the rows in one transaction: one commit
 * instead of hundreds keeps seeding quick, and each level's rows are sent together.
 */
export async function seedTaxonomy(
  db: Database,
  files: SeedFiles,
  {
    adminId,
    shops,
  }: {
    adminId: string;
    shops: { shopId: string; departments: DepartmentName[]; commissions?: Record<string, number> }[];
  },
) {
  const random = randomFrom("taxonomy");
  /** `daysAgo` before the seed date, give or take a few hours, so equal steps do not look machine-made */
  const dated = (daysAgo: number) => {
    const createdAt = new Date(SEEDED_AT.getTime() - daysAgo * DAY - Math.floor(random() * 20 * 60 * 60 * 1000));
    return { createdAt, updatedAt: createdAt };
  };
  const images: PendingImage[] = [];
  const image = (fileName: string, png: Buffer, createdAt: Date) => {
    const key = uploadKey(files.host, "catalogueImage", fileName, createdAt);
    images.push({ key, fileName, png, createdAt });
    return files.storage.location(key);
  };
  const slug = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");

  // attributes about ten to eight months ago, departments nine, their categories over the next three months,
  // sub-categories from six months to a fortnight ago, brands over the last ten months
  const attributeRows = (Object.keys(ATTRIBUTES) as AttributeName[]).map((name, i) => ({
    ...dated(300 - i * 2),
    list: [] as string[], // text and number have none (the factory's default is a sample list)
    ...ATTRIBUTES[name],
    id: newId(),
    name,
    label: name,
  }));
  const attributeIds = new Map(attributeRows.map((row) => [row.name, row.id]));
  const ids = (names: AttributeName[]) => names.map((name) => attributeIds.get(name)!);

  const departmentRows = DEPARTMENTS.map((department, d) => {
    const dates = dated(280 - d * 3);
    return {
      ...dates,
      id: newId(),
      name: department.name,
      image: image(`${slug(department.name)}.png`, categoryImage(department.name, department.hue, 0), dates.createdAt),
    };
  });
  const categoryRows = DEPARTMENTS.flatMap((department, d) =>
    department.categories.map((category, c) => {
      const dates = dated(250 - d * 12 - c * 3);
      const picture = categoryImage(`${department.name}/${category.name}`, department.hue, 1);
      return {
        ...dates,
        id: newId(),
        parent: { id: departmentRows[d].id, level: 0 },
        name: category.name,
        image: image(`${slug(category.name)}.png`, picture, dates.createdAt),
      };
    }),
  );
  const leafCount = DEPARTMENTS.reduce((n, d) => n + d.categories.reduce((m, c) => m + c.leaves.length, 0), 0);
  let leafIndex = 0;
  const leaves = DEPARTMENTS.flatMap((department, d) =>
    department.categories.flatMap((category) => {
      const parent = {
        id: categoryRows.find((row) => row.parent.id === departmentRows[d].id && row.name === category.name)!.id,
        level: 1,
      };
      return category.leaves.map(([name, attrs, variations]) => {
        const path = `${department.name}/${category.name}/${name}`;
        const dates = dated(180 - Math.round((leafIndex++ / leafCount) * 165));
        const picture = categoryImage(path, department.hue, 2);
        const row = {
          ...dates,
          id: newId(),
          parent,
          name,
          tax: GST,
          commission: department.commission,
          image: image(`${slug(name)}.png`, picture, dates.createdAt),
        };
        return { path, attrs, variations, row };
      });
    }),
  );
  const brandRows = BRANDS.map((name, i) => {
    const dates = dated(300 - i * 10);
    return {
      ...dates,
      name,
      image: image(`${slug(name)}-logo.png`, brandLogo(name, (i * 137) % 360, i), dates.createdAt),
    };
  });
  const departmentIds = new Map(departmentRows.map((row) => [row.name, row.id]));
  const leafIds = new Map(leaves.map(({ path, row }) => [path, row.id]));

  await Promise.all(images.map(({ key, png }) => storeSeedFile(files, key, png)));

  await db.transaction(async (tx) => {
    await Promise.all(attributeRows.map((row) => createAttribute(tx, row)));
    await Promise.all(departmentRows.map((row) => createCategory(tx, row)));
    await Promise.all(categoryRows.map((row) => createCategory(tx, row)));
    await Promise.all(leaves.map(({ row }) => createCategory(tx, row)));
    await Promise.all(
      leaves.map(({ row, attrs, variations }) => setLeafAttributes(tx, row.id, ids(attrs), ids(variations))),
    );
    await Promise.all(brandRows.map((row) => createBrand(tx, row)));
    for (const { shopId, departments, commissions = {} } of shops) {
      await assignShopCategories(
        tx,
        shopId,
        departments.map((name) => departmentIds.get(name)!),
      );
      for (const [path, percentage] of Object.entries(commissions))
        await createShopCommission(tx, shopId, leafIds.get(path)!, percentage);
    }
    // the files' rows, as a finished upload leaves them: served by GET of the location, owned by the admin
    await tx.insert(uploads).values(
      images.map(({ key, fileName, png, createdAt }) => ({
        key,
        userId: adminId,
        fileName,
        contentType: "image/png",
        size: png.length,
        status: "stored" as const,
        createdAt,
      })),
    );
  });
  return { departments: departmentIds, leaves: leafIds };
}
