import { eq, isNull } from "drizzle-orm";
import { skuPrefix, variantKey, VARIATION_DIMENSIONS_MAX } from "#contract/products/products";
import { uploadKey } from "#api/modules/uploads";
import { newId } from "#api/platform/data/ids";
import type { Database } from "../client";
import {
  attributes,
  brands,
  categories,
  categoryAttributes,
  productSkus,
  products,
  productVariations,
  shopCategories,
  shops,
  uploads,
  users,
} from "../schema";
import type { ProductAttrMap, VariationListMap } from "../schema/products";
import { storeSeedFile, type SeedFiles } from "./catalogue";
import { hexColour, hsl, productImage, randomFrom, sizeChartImage, type ProductMotif, type Rgb } from "./images";

// Demo products (spec 2 §3 Product and Variation row): a few fixed ones in the two demo owners' shops that
// the end-to-end tests name, and a few hundred drawn from a seeded random source across every shop, each in one of its
// shop's departments → a category → a leaf, with that leaf's attributes, a brand, pictures drawn in code, SKUs from the
// name (unique per shop, products and variations alike, through product_skus) and discounts within the rules.

/** Fixed, like the taxonomy's, so the same dates come out every time; products are dated before it. */
const SEEDED_AT = new Date("2026-11-01T00:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

type Discount = { type: "flat"; cents: number } | { type: "percentage"; percent: number };

/** A variation row of a fixed product: its values in dimension order, price in cents, stock and SKU. */
type FixedRow = [values: string[], priceCents: number, stock: number, sku: string];

export interface FixedProduct {
  name: string;
  /** "Department/Category/Leaf" */
  leaf: string;
  brand: string;
  description: string;
  /** a single product's price, stock and SKU */
  single?: { priceCents: number; stock: number; sku: string };
  /** a variation product's dimensions (of the leaf's variations) and rows */
  variations?: { dimensions: string[]; rows: FixedRow[] };
  /** a single product's discount, or a variation product's global one */
  discount?: Discount;
}

/**
 * The products the end-to-end tests rely on (written to the helpers' names list too). Their distinctive words
 * (Bondi, Coogee, Manly, Bronte, Kakadu, Lemon Myrtle, Silk Skin, Wildflower) appear in no other product's name,
 * so a search for one finds exactly that product.
 */
export const FIXED_PRODUCTS: Record<string, FixedProduct[]> = {
  "owner@liveshop.test": [
    {
      name: "Bondi Linen Shirt",
      leaf: "Men's Fashion/Clothing/Shirts",
      brand: "Saltbush Studio",
      description: "A breezy long-sleeve shirt in washed linen, cut for warm Sydney evenings.",
      single: { priceCents: 5995, stock: 40, sku: "BON-101" },
    },
    {
      name: "Coogee Denim Jacket",
      leaf: "Women's Fashion/Clothing/Jackets & Coats",
      brand: "Sable Thread",
      description: "A classic trucker jacket in rigid organic denim that softens with every wear.",
      single: { priceCents: 12900, stock: 18, sku: "COO-102" },
      discount: { type: "flat", cents: 1000 },
    },
    {
      name: "Manly Cotton Tee",
      leaf: "Men's Fashion/Clothing/T-Shirts",
      brand: "Bluegum Basics",
      description: "A heavyweight organic cotton tee with a relaxed fit and a ribbed crew neck.",
      variations: {
        dimensions: ["Color", "Size"],
        rows: [
          [["Black", "S"], 2995, 12, "MAN-201"],
          [["Black", "M"], 2995, 20, "MAN-202"],
          [["White", "S"], 3295, 8, "MAN-203"],
          [["White", "M"], 3295, 15, "MAN-204"],
        ],
      },
    },
    {
      name: "Bronte Wrap Dress",
      leaf: "Women's Fashion/Clothing/Dresses",
      brand: "Marlowe Lane",
      description: "A floaty wrap dress in printed viscose with a tie waist and flutter sleeves.",
      variations: {
        dimensions: ["Color", "Size"],
        rows: [
          [["Red", "S"], 8900, 6, "BRO-301"],
          [["Red", "M"], 8900, 9, "BRO-302"],
          [["Navy", "S"], 9400, 5, "BRO-303"],
          [["Navy", "M"], 9400, 7, "BRO-304"],
        ],
      },
      discount: { type: "percentage", percent: 20 },
    },
  ],
  // Beauty has no Color × Size leaf: its two-dimension variations are Shade × Volume and Scent × Volume
  "owner2@liveshop.test": [
    {
      name: "Kakadu Plum Serum",
      leaf: "Beauty & Personal Care/Skincare/Serums",
      brand: "Opaline Skin",
      description: "A brightening vitamin C serum made with wild-harvested Kakadu plum.",
      single: { priceCents: 4900, stock: 60, sku: "KAK-101" },
    },
    {
      name: "Lemon Myrtle Hand Cream",
      leaf: "Beauty & Personal Care/Bath & Body/Hand Cream",
      brand: "Fernwood Botanics",
      description: "A rich, fast-absorbing hand cream with shea butter and lemon myrtle oil.",
      single: { priceCents: 2450, stock: 75, sku: "LEM-102" },
      discount: { type: "flat", cents: 500 },
    },
    {
      name: "Silk Skin Foundation",
      leaf: "Beauty & Personal Care/Makeup/Foundation",
      brand: "Rosella Beauty",
      description: "A lightweight liquid foundation with a satin finish and buildable coverage.",
      variations: {
        dimensions: ["Shade", "Volume"],
        rows: [
          [["Fair", "30 ml"], 3900, 14, "SIL-201"],
          [["Fair", "50 ml"], 5400, 10, "SIL-202"],
          [["Medium", "30 ml"], 3900, 16, "SIL-203"],
          [["Medium", "50 ml"], 5400, 11, "SIL-204"],
        ],
      },
    },
    {
      name: "Wildflower Body Wash",
      leaf: "Beauty & Personal Care/Bath & Body/Body Wash",
      brand: "Fernwood Botanics",
      description: "A gentle, soap-free body wash scented with native botanicals.",
      variations: {
        dimensions: ["Scent", "Volume"],
        rows: [
          [["Lavender", "250 ml"], 1995, 30, "WIL-301"],
          [["Lavender", "500 ml"], 3295, 20, "WIL-302"],
          [["Sea Salt", "250 ml"], 1995, 25, "WIL-303"],
          [["Sea Salt", "500 ml"], 3295, 18, "WIL-304"],
        ],
      },
      discount: { type: "percentage", percent: 15 },
    },
  ],
};

/** Products per shop, fixed ones included: the demo owner's shop has more than a page of 25. */
const PER_SHOP: Record<string, number> = { "owner@liveshop.test": 90, "owner2@liveshop.test": 60 };
const PER_OTHER_SHOP = 55;

/** Words for random names; none of the fixed products' distinctive words. */
const PLACES = [
  "Byron",
  "Noosa",
  "Hobart",
  "Cottesloe",
  "Torquay",
  "Daintree",
  "Kiama",
  "Lorne",
  "Mosman",
  "Fremantle",
  "Broome",
  "Yarra",
  "Otway",
  "Barossa",
  "Tamar",
  "Mornington",
  "Whitsunday",
  "Freycinet",
  "Ningaloo",
  "Grampians",
  "Cronulla",
  "Palm Beach",
  "Avoca",
  "Esperance",
];
const DESCRIPTORS: Record<string, string[]> = {
  fashion: [
    "Linen",
    "Cotton",
    "Merino",
    "Organic",
    "Recycled",
    "Washed",
    "Relaxed",
    "Tailored",
    "Classic",
    "Everyday",
    "Coastal",
    "Weekend",
    "Vintage",
    "Heritage",
    "Ribbed",
  ],
  beauty: [
    "Rosehip",
    "Wattle Seed",
    "Quandong",
    "Desert Lime",
    "Sandalwood",
    "Eucalyptus",
    "Macadamia",
    "Finger Lime",
    "Davidson Plum",
    "Aloe",
    "Native Mint",
    "Hydrating",
    "Daily",
    "Calming",
    "Radiance",
  ],
  home: [
    "Stoneware",
    "Linen",
    "Handmade",
    "Woven",
    "Speckled",
    "Textured",
    "Oak",
    "Coastal",
    "Heirloom",
    "Soft",
    "Everyday",
    "Artisan",
  ],
  sports: [
    "Trail",
    "Summit",
    "Tempo",
    "Endurance",
    "Lightweight",
    "Performance",
    "All-Weather",
    "Recovery",
    "Core",
    "Ridge",
    "Studio",
  ],
  kids: ["Little", "Rainbow", "Sunny", "Snuggle", "Adventure", "Playtime", "Dreamy", "Cosy", "Bright", "Explorer"],
};
const DEPARTMENT_WORDS: Record<string, { words: keyof typeof DESCRIPTORS; hue: number; cents: [number, number] }> = {
  "Women's Fashion": { words: "fashion", hue: 345, cents: [2495, 24900] },
  "Men's Fashion": { words: "fashion", hue: 215, cents: [2495, 22900] },
  "Beauty & Personal Care": { words: "beauty", hue: 285, cents: [995, 8995] },
  "Home & Living": { words: "home", hue: 15, cents: [1495, 24900] },
  "Sports & Outdoors": { words: "sports", hue: 130, cents: [1995, 24900] },
  "Kids & Baby": { words: "kids", hue: 42, cents: [995, 7995] },
};
const MOTIFS: Record<string, ProductMotif> = {
  Clothing: "garment",
  "Sleepwear & Lingerie": "garment",
  Activewear: "garment",
  "Baby Clothing": "garment",
  "Kids' Clothing": "garment",
  Shoes: "shoe",
  "Sports Footwear": "shoe",
  "Kids' Shoes": "shoe",
  Accessories: "bag",
  "Outdoor Gear": "bag",
  Skincare: "bottle",
  Fragrance: "bottle",
  "Hair Care": "bottle",
  "Bath & Body": "bottle",
  Makeup: "jar",
  "Home Decor": "jar",
  "Kitchen & Dining": "jar",
  Toys: "orb",
  "Yoga & Fitness": "orb",
};
/** Leaf names as one item (the leaves are plural); the rest lose their plural ending. */
const NOUNS: Record<string, string> = {
  "Tops & Blouses": "Blouse",
  "Jackets & Coats": "Jacket",
  "Chinos & Trousers": "Chinos",
  "Caps & Hats": "Cap",
  "Wall Art": "Art Print",
  "Hair Styling": "Styling Cream",
  Glassware: "Glass Set",
  Dinnerware: "Dinner Set",
  Cookware: "Frypan",
  Jeans: "Jeans",
  Leggings: "Leggings",
  Sunglasses: "Sunglasses",
  "Running Shorts": "Running Shorts",
  Pyjamas: "Pyjamas",
  Sneakers: "Sneakers",
  Boots: "Boots",
  Heels: "Heels",
  Flats: "Flats",
  Sandals: "Sandals",
  "Running Shoes": "Running Shoes",
  "Hiking Boots": "Hiking Boots",
  "Kids' Sneakers": "Kids' Sneakers",
  "Kids' Sandals": "Kids' Sandals",
  "Dress Shoes": "Dress Shoes",
  "Sheet Sets": "Sheet Set",
  "Baby Sets": "Baby Set",
};
const noun = (leaf: string) =>
  NOUNS[leaf] ??
  (/(ss|ch|sh|x)es$/.test(leaf)
    ? leaf.slice(0, -2)
    : leaf.endsWith("ies")
      ? `${leaf.slice(0, -3)}y`
      : leaf.endsWith("s")
        ? leaf.slice(0, -1)
        : leaf);
const SENTENCES = [
  "Shown live in our studio every week.",
  "Made in small batches with care.",
  "A favourite of our live-stream regulars.",
  "Designed in Australia for everyday use.",
  "Packed plastic-free and shipped within two days.",
  "Easy to care for and built to last.",
  "A thoughtful gift that always lands well.",
];
const TAGS = [
  "new",
  "bestseller",
  "sustainable",
  "gift",
  "live-deal",
  "limited",
  "australian-made",
  "vegan",
  "organic",
  "everyday",
];
const TEXT_VALUES: Record<string, string[]> = {
  "Care Instructions": [
    "Machine wash cold, line dry",
    "Hand wash only",
    "Dry clean only",
    "Gentle cycle, do not tumble dry",
  ],
  Ingredients: [
    "Aloe vera, jojoba oil, vitamin E",
    "Rosehip oil, shea butter, squalane",
    "Niacinamide, hyaluronic acid, green tea",
    "Coconut oil, macadamia oil, vanilla",
  ],
};
const numberValue = (name: string, r: () => number) => {
  switch (name) {
    case "Weight":
      return (0.1 + r() * 2.9).toFixed(2);
    case "Thread Count":
      return String([300, 400, 500, 600, 800][Math.floor(r() * 5)]);
    case "Pieces":
      return String([4, 8, 12, 16, 24][Math.floor(r() * 5)]);
    case "Heel Height":
      return String(1 + Math.floor(r() * 10));
    default:
      return String(10 + Math.floor(r() * 110));
  }
};
/** Materials that suit a category (a T-shirt is not made of timber); the first one named in the product's name wins. */
const MATERIALS: Record<string, string[]> = {
  Shoes: ["Leather", "Suede", "Canvas", "Recycled Plastic"],
  "Sports Footwear": ["Nylon", "Recycled Plastic", "Leather"],
  "Kids' Shoes": ["Canvas", "Leather", "Recycled Plastic"],
  Accessories: ["Leather", "Canvas", "Stainless Steel", "Silk", "Wool", "Cotton"],
  "Outdoor Gear": ["Nylon", "Polyester", "Canvas", "Stainless Steel", "Recycled Plastic"],
  Bedding: ["Cotton", "Linen", "Bamboo", "Wool"],
  "Home Decor": ["Ceramic", "Stoneware", "Glass", "Linen", "Cotton", "Canvas", "Timber"],
  "Kitchen & Dining": ["Ceramic", "Stoneware", "Glass", "Stainless Steel", "Cast Iron"],
  Bath: ["Cotton", "Linen", "Bamboo"],
  Toys: ["Timber", "Cotton", "Wool", "Recycled Plastic"],
  "Yoga & Fitness": ["Recycled Plastic", "Nylon", "Cast Iron", "Stainless Steel"],
};
const CLOTH = ["Cotton", "Linen", "Silk", "Wool", "Polyester", "Denim", "Cashmere", "Viscose", "Nylon", "Bamboo"];
function material(list: string[], leaf: LeafInfo, name: string, r: () => number) {
  const named = list.find((m) => name.toLowerCase().includes(m.toLowerCase()));
  if (named) return named;
  const fits = (MATERIALS[leaf.category.name] ?? CLOTH).filter((m) => list.includes(m));
  return fits.length ? fits[Math.floor(r() * fits.length)]! : list[Math.floor(r() * list.length)]!;
}
const SIZE_NAMES = new Set(["Size", "Shoe Size", "Baby Size", "Kids Size", "Kids Shoe Size"]);

interface AttributeDef {
  id: string;
  name: string;
  type: string;
  list: string[];
  map: Record<string, string>;
}
interface LeafInfo {
  id: string;
  name: string;
  path: string;
  department: { id: string; name: string };
  category: { id: string; name: string };
  attrs: AttributeDef[];
  variations: AttributeDef[];
}
interface PendingFile {
  key: string;
  fileName: string;
  png: Buffer;
  userId: string;
  createdAt: Date;
}

export interface SeededProducts {
  products: number;
  variationProducts: number;
  variations: number;
  files: number;
}

/**
 * Seeds the products of every live shop (after the taxonomy). Plans all rows and pictures first, writes the files,
 * then inserts in one transaction. Pictures are drawn once per look and stored once per shop: each shop's files are
 * its owner's uploads (purpose productMedia, the size chart catalogueImage), so the owner's edit form keeps them.
 */
export async function seedProducts(db: Database, files: SeedFiles): Promise<SeededProducts> {
  const random = randomFrom("products");
  const pick = <T>(list: readonly T[], r: () => number = random) => list[Math.floor(r() * list.length)]!;
  const between = (lo: number, hi: number, r: () => number = random) => lo + Math.floor(r() * (hi - lo + 1));

  // the taxonomy as the database has it
  const [shopRows, shopDepartmentRows, categoryRows, linkRows, brandRows] = await Promise.all([
    db
      .select({ id: shops.id, name: shops.name, ownerId: shops.ownerId, createdAt: shops.createdAt })
      .from(shops)
      .where(isNull(shops.deletedAt)),
    db.select().from(shopCategories),
    db
      .select({ id: categories.id, name: categories.name, level: categories.level, parentId: categories.parentId })
      .from(categories),
    db
      .select({
        categoryId: categoryAttributes.categoryId,
        kind: categoryAttributes.kind,
        position: categoryAttributes.position,
        id: attributes.id,
        name: attributes.name,
        type: attributes.type,
        list: attributes.list,
        map: attributes.map,
      })
      .from(categoryAttributes)
      .innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId)),
    db.select({ id: brands.id, name: brands.name }).from(brands),
  ]);
  const owners = await db.select({ id: users.id, email: users.email }).from(users);
  const emailOf = new Map(owners.map((u) => [u.id, u.email]));
  const byId = new Map(categoryRows.map((c) => [c.id, c]));
  const leaves: LeafInfo[] = categoryRows
    .filter((c) => c.level === 2)
    .map((leaf) => {
      const category = byId.get(leaf.parentId!)!;
      const department = byId.get(category.parentId!)!;
      const links = linkRows.filter((l) => l.categoryId === leaf.id).sort((a, b) => a.position - b.position);
      const def = ({ id, name, type, list, map }: (typeof links)[number]): AttributeDef => ({
        id,
        name,
        type,
        list,
        map,
      });
      return {
        id: leaf.id,
        name: leaf.name,
        path: `${department.name}/${category.name}/${leaf.name}`,
        department: { id: department.id, name: department.name },
        category: { id: category.id, name: category.name },
        attrs: links.filter((l) => l.kind === "attr").map(def),
        variations: links.filter((l) => l.kind === "variation").map(def),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
  const leafByPath = new Map(leaves.map((l) => [l.path, l]));
  const brandByName = new Map(brandRows.map((b) => [b.name, b.id]));
  const brandIds = brandRows.map((b) => b.id).sort();

  // pictures: drawn once per look, stored once per shop (its owner's upload)
  const drawn = new Map<string, Buffer>();
  const draw = (look: string, make: () => Buffer) => {
    let png = drawn.get(look);
    if (!png) drawn.set(look, (png = make()));
    return png;
  };
  const pending: PendingFile[] = [];
  const stored = new Map<string, string>();
  const store = (
    shop: { id: string; ownerId: string },
    purpose: "productMedia" | "catalogueImage",
    look: string,
    fileName: string,
    make: () => Buffer,
    createdAt: Date,
  ) => {
    const id = `${shop.id}/${look}`;
    let location = stored.get(id);
    if (!location) {
      const key = uploadKey(files.host, purpose, fileName, createdAt);
      pending.push({ key, fileName, png: draw(look, make), userId: shop.ownerId, createdAt });
      stored.set(id, (location = files.storage.location(key)));
    }
    return location;
  };
  const slug = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  /** the n-th picture of a department's motif (a few per motif, shared by that shop's products) */
  const picture = (
    shop: { id: string; ownerId: string },
    leaf: LeafInfo,
    n: number,
    colour?: { name: string; rgb: Rgb },
  ) => {
    const motif = MOTIFS[leaf.category.name] ?? "box";
    const hue = DEPARTMENT_WORDS[leaf.department.name]?.hue ?? 200;
    const look = colour ? `${hue}/${motif}/${colour.name}` : `${hue}/${motif}/${n % 4}`;
    const fileName = `${slug(leaf.department.name)}-${motif}-${slug(colour?.name ?? String(n % 4))}.png`;
    return store(shop, "productMedia", look, fileName, () => productImage(look, hue, motif, colour?.rgb), SEEDED_AT);
  };
  const sizeChart = (shop: { id: string; ownerId: string }, leaf: LeafInfo) => {
    const hue = DEPARTMENT_WORDS[leaf.department.name]?.hue ?? 200;
    return store(
      shop,
      "catalogueImage",
      `size-chart/${hue}`,
      `${slug(leaf.department.name)}-size-chart.png`,
      () => sizeChartImage(hue),
      SEEDED_AT,
    );
  };
  /** the colour a variation value is drawn in: its attribute's colour, else a hue from its place in the list */
  const colourOf = (dimension: AttributeDef, value: string, hue: number) => ({
    name: value,
    rgb: dimension.map[value]
      ? hexColour(dimension.map[value])
      : hsl(hue + dimension.list.indexOf(value) * 47, 0.5, 0.45),
  });

  type ProductRow = typeof products.$inferInsert;
  type VariationRow = typeof productVariations.$inferInsert;
  type SkuRow = typeof productSkus.$inferInsert;
  const productRows: ProductRow[] = [];
  const variationRows: VariationRow[] = [];
  const skuRows: SkuRow[] = [];

  for (const shop of [...shopRows].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.name.localeCompare(b.name),
  )) {
    const email = emailOf.get(shop.ownerId) ?? "";
    const departmentIds = new Set(shopDepartmentRows.filter((r) => r.shopId === shop.id).map((r) => r.categoryId));
    const own = leaves.filter((l) => departmentIds.has(l.department.id));
    if (!own.length) continue;
    const r = randomFrom(`products/${email}/${shop.name}`);
    const used = new Set<string>();
    const names = new Set<string>();
    const sku = (name: string) => {
      const prefix = skuPrefix(name);
      for (let digits = 3; ; digits++) {
        for (let attempt = 0; attempt < 50; attempt++) {
          const candidate = `${prefix}-${String(Math.floor(r() * 10 ** digits)).padStart(digits, "0")}`;
          if (!used.has(candidate)) return claim(candidate);
        }
      }
    };
    const claim = (value: string) => {
      const upper = value.toUpperCase();
      if (used.has(upper)) throw new Error(`seed: SKU ${upper} used twice in ${shop.name}`);
      used.add(upper);
      return upper;
    };
    const attrOf = (leaf: LeafInfo, name: string, rr: () => number): ProductAttrMap =>
      Object.fromEntries(
        leaf.attrs.map((a) => {
          let value: string | string[];
          if (a.type === "text") value = pick(TEXT_VALUES[a.name] ?? ["See label for details"], rr);
          else if (a.type === "number") value = numberValue(a.name, rr);
          else if (a.type === "checkbox") value = a.list.filter(() => rr() < 0.35).slice(0, 3);
          else if (a.name === "Material") value = material(a.list, leaf, name, rr);
          else value = pick(a.list, rr);
          if (Array.isArray(value) && !value.length) value = [pick(a.list, rr)];
          return [a.name, { value, id: a.id }];
        }),
      );
    const priceCents = (leaf: LeafInfo, rr: () => number) => {
      const [lo, hi] = DEPARTMENT_WORDS[leaf.department.name]?.cents ?? [995, 24900];
      const dollars = between(Math.floor(lo / 100), Math.floor(hi / 100), rr);
      return Math.min(hi, dollars * 100 + (rr() < 0.6 ? 95 : 0));
    };

    /** one product's rows; `rows` are the variation rows (values, price, stock, sku, discount) */
    const add = (input: {
      name: string;
      leaf: LeafInfo;
      brandId: string;
      description: string;
      tags: string[];
      createdAt: Date;
      rr: () => number;
      imageCount: number;
      single?: { priceCents: number; stock: number; sku: string };
      variations?: {
        dimensions: AttributeDef[];
        rows: { values: string[]; priceCents: number; stock: number; sku: string; discount?: Discount }[];
      };
      discount?: Discount;
    }) => {
      const { leaf, createdAt } = input;
      const id = newId();
      const offset = between(0, 3, input.rr);
      const images = Array.from({ length: input.imageCount }, (_, i) => picture(shop, leaf, offset + i));
      const discount = input.discount;
      const discountFields = discount
        ? {
            isDiscount: true,
            isGlobalDiscount: !!input.variations,
            discountType: discount.type,
            discountCents: discount.type === "flat" ? discount.cents : null,
            discountPercent: discount.type === "percentage" ? discount.percent : null,
          }
        : {};
      const base = {
        id,
        shopId: shop.id,
        name: input.name,
        description: input.description,
        tags: input.tags,
        brandId: input.brandId,
        departmentId: leaf.department.id,
        categoryId: leaf.category.id,
        subcategoryId: leaf.id,
        attr: attrOf(leaf, input.name, input.rr),
        images,
        videos: [],
        defaultImage: images[0],
        currency: "AUD",
        createdAt,
        updatedAt: createdAt,
        ...discountFields,
      } satisfies Partial<ProductRow>;
      if (input.single) {
        productRows.push({
          ...base,
          priceCents: input.single.priceCents,
          stock: input.single.stock,
          sku: input.single.sku,
        });
        skuRows.push({ shopId: shop.id, sku: input.single.sku, productId: id, variationId: null });
        return;
      }
      const { dimensions, rows } = input.variations!;
      const hue = DEPARTMENT_WORDS[leaf.department.name]?.hue ?? 200;
      // a row's picture: the product's in the colour of its first value (the main dimension)
      const variationList: VariationListMap = Object.fromEntries(
        dimensions.map((d, i) => [
          d.name,
          { list: [...new Set(rows.map((row) => row.values[i]))], type: d.type, id: d.id },
        ]),
      );
      rows.forEach((row, position) => {
        const variationId = newId();
        const rowDiscount = row.discount;
        variationRows.push({
          id: variationId,
          productId: id,
          variant: variantKey(row.values),
          variantDetails: Object.fromEntries(dimensions.map((d, i) => [d.name, row.values[i]])),
          sku: row.sku,
          priceCents: row.priceCents,
          stock: row.stock,
          image: picture(shop, leaf, 0, colourOf(dimensions[0], row.values[0], hue)),
          position,
          createdAt,
          updatedAt: createdAt,
          ...(rowDiscount
            ? {
                isDiscount: true,
                discountType: rowDiscount.type,
                discountCents: rowDiscount.type === "flat" ? rowDiscount.cents : null,
                discountPercent: rowDiscount.type === "percentage" ? rowDiscount.percent : null,
              }
            : {}),
        });
        skuRows.push({ shopId: shop.id, sku: row.sku, productId: id, variationId });
      });
      const prices = rows.map((row) => row.priceCents);
      productRows.push({
        ...base,
        isVariationAvailable: true,
        variationList,
        defaultVariant: variantKey(rows[0].values),
        sizeChartImage: sizeChart(shop, leaf),
        priceCents: Math.min(...prices),
        minCents: Math.min(...prices),
        maxCents: Math.max(...prices),
        stock: rows.reduce((n, row) => n + row.stock, 0),
        sku: null,
      });
    };

    // the fixed products, newest of all (hours before the seed date)
    const fixed = FIXED_PRODUCTS[email] ?? [];
    fixed.forEach((f, i) => {
      const leaf = leafByPath.get(f.leaf);
      const brandId = brandByName.get(f.brand);
      if (!leaf || !brandId || !departmentIds.has(leaf.department.id))
        throw new Error(`seed: fixed product ${f.name} does not fit ${shop.name}`);
      const rr = randomFrom(`product/${f.name}`);
      names.add(f.name);
      const dimensions = f.variations?.dimensions.map((name) => leaf.variations.find((v) => v.name === name)!);
      if (dimensions?.some((d) => !d)) throw new Error(`seed: ${f.leaf} lacks a variation of ${f.name}`);
      add({
        name: f.name,
        leaf,
        brandId,
        description: f.description,
        tags: ["new", i % 2 ? "bestseller" : "live-deal"],
        createdAt: new Date(SEEDED_AT.getTime() - (fixed.length - i) * HOUR),
        rr,
        imageCount: 2 + (i % 3),
        single: f.single && { ...f.single, sku: claim(f.single.sku) },
        variations: f.variations && {
          dimensions: dimensions!,
          rows: f.variations.rows.map(([values, cents, stock, rowSku]) => ({
            values,
            priceCents: cents,
            stock,
            sku: claim(rowSku),
          })),
        },
        discount: f.discount,
      });
    });

    // the rest: a third with variations (Color × Size where the department has such leaves, else the leaf's own two)
    const target = PER_SHOP[email] ?? PER_OTHER_SHOP;
    const departments = [...new Set(own.map((l) => l.department.id))];
    for (let n = 0; productRows.filter((p) => p.shopId === shop.id).length < target; n++) {
      const inDepartment = own.filter((l) => l.department.id === departments[n % departments.length]);
      const withVariations = n % 3 === 1;
      let pool = inDepartment;
      if (withVariations) {
        const colourAndSize = inDepartment.filter(
          (l) => l.variations.some((v) => v.name === "Color") && l.variations.some((v) => SIZE_NAMES.has(v.name)),
        );
        const twoDimensions = inDepartment.filter((l) => l.variations.length >= 2);
        pool = colourAndSize.length ? colourAndSize : twoDimensions.length ? twoDimensions : inDepartment;
      }
      const leaf = pick(pool, r);
      const words = DESCRIPTORS[DEPARTMENT_WORDS[leaf.department.name]?.words ?? "home"];
      let name = "";
      for (let attempt = 0; attempt < 20 && (!name || names.has(name)); attempt++)
        name = `${pick(PLACES, r)} ${pick(words, r)} ${noun(leaf.name)}`;
      if (names.has(name)) name = `${name} ${n}`;
      names.add(name);
      const brandId = pick(brandIds, r);
      const brand = brandRows.find((b) => b.id === brandId)!.name;
      const description = `${name} by ${brand}. ${pick(SENTENCES, r)}`.slice(0, 200);
      const tags = TAGS.filter(() => r() < 0.2).slice(0, 3);
      const createdAt = new Date(SEEDED_AT.getTime() - (2 + r() * 170) * DAY);
      const price = priceCents(leaf, r);
      const percent = () => pick([10, 15, 20, 25, 30, 40, 50], r);
      const flatUpTo = (cents: number) =>
        Math.max(100, Math.min(cents, Math.round((cents * between(5, 30, r)) / 100 / 100) * 100));
      if (!withVariations) {
        const roll = r();
        const discount: Discount | undefined =
          roll < 0.12
            ? { type: "flat", cents: flatUpTo(price) }
            : roll < 0.24
              ? { type: "percentage", percent: percent() }
              : undefined;
        const stock = r() < 0.08 ? 0 : between(1, 200, r);
        add({
          name,
          leaf,
          brandId,
          description,
          tags,
          createdAt,
          rr: r,
          imageCount: between(1, 4, r),
          single: { priceCents: price, stock, sku: sku(name) },
          discount,
        });
        continue;
      }
      const dimensions = leaf.variations.slice(0, VARIATION_DIMENSIONS_MAX);
      // two or three values of the first dimension (in list order), two or three of the second
      const choose = (d: AttributeDef, count: number) => {
        const start = between(0, Math.max(0, d.list.length - count), r);
        return d.list.slice(start, start + count);
      };
      const first =
        dimensions[0].name === "Color"
          ? [...pickDistinct(dimensions[0].list, between(2, 3, r), r)]
          : choose(dimensions[0], between(2, 3, r));
      const second = dimensions[1] ? choose(dimensions[1], between(2, 3, r)) : [null];
      const roll = r();
      const kind = roll < 0.25 ? "global" : roll < 0.5 ? "variant" : "none";
      const rows = first.flatMap((a, i) =>
        second.map((b, j) => {
          const rowPrice = Math.min(24900, price + j * (r() < 0.5 ? 0 : 500) + i * (r() < 0.7 ? 0 : 300));
          return {
            values: b === null ? [a] : [a, b],
            priceCents: rowPrice,
            stock: r() < 0.1 ? 0 : between(1, 60, r),
            sku: sku(name),
            discount:
              kind === "variant" && r() < 0.4
                ? r() < 0.5
                  ? ({ type: "flat", cents: flatUpTo(rowPrice) } as const)
                  : ({ type: "percentage", percent: percent() } as const)
                : undefined,
          };
        }),
      );
      if (kind === "variant" && !rows.some((row) => row.discount))
        rows[0].discount = { type: "percentage", percent: percent() };
      const lowest = Math.min(...rows.map((row) => row.priceCents));
      const discount: Discount | undefined =
        kind === "global"
          ? r() < 0.5
            ? { type: "flat", cents: flatUpTo(lowest) }
            : { type: "percentage", percent: percent() }
          : undefined;
      add({
        name,
        leaf,
        brandId,
        description,
        tags,
        createdAt,
        rr: r,
        imageCount: between(1, 4, r),
        variations: { dimensions, rows },
        discount,
      });
    }
  }

  await Promise.all(pending.map(({ key, png }) => storeSeedFile(files, key, png)));
  const chunks = <T>(rows: T[], size = 400) =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
  await db.transaction(async (tx) => {
    // the files' rows, as a finished upload leaves them: served by GET of the location, owned by the shop's owner
    for (const part of chunks(pending)) {
      await tx.insert(uploads).values(
        part.map(({ key, fileName, png, userId, createdAt }) => ({
          key,
          userId,
          fileName,
          contentType: "image/png",
          size: png.length,
          status: "stored" as const,
          createdAt,
        })),
      );
    }
    for (const part of chunks(productRows)) await tx.insert(products).values(part);
    for (const part of chunks(variationRows)) await tx.insert(productVariations).values(part);
    for (const part of chunks(skuRows)) await tx.insert(productSkus).values(part);
  });
  return {
    products: productRows.length,
    variationProducts: productRows.filter((p) => p.isVariationAvailable).length,
    variations: variationRows.length,
    files: pending.length,
  };
}

/** `count` distinct values of `list`, drawn (kept in list order). */
function pickDistinct(list: readonly string[], count: number, r: () => number) {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, list.length)) chosen.add(Math.floor(r() * list.length));
  return [...chosen].sort((a, b) => a - b).map((i) => list[i]!);
}
