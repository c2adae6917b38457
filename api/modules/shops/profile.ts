import { and, eq, inArray, isNull } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import { MSG } from "#contract/messages";
import { SHOP_IMAGE_PURPOSE } from "#contract/shop-profile";
import type { ShopEditInput } from "#contract/shop-profile-api";
import { DEPARTMENT_LEVEL } from "#contract/categories";
import { categories, shopCategories, shops } from "#api/db/schema";
import { requirePermission, type Actor } from "#api/platform/actor";
import type { Deps } from "#api/platform/deps";
import { fieldError, notFound } from "#api/platform/http";
import { placesProvider } from "#api/platform/places";
import { requireShop } from "#api/platform/tenancy";
import { ownImageUpload } from "#api/modules/uploads";
import { shopDetails } from "./service";

/**
 * The story's allow-list (ADR 0017): paragraphs and line breaks, bold, italic, underline, lists and plain links.
 * Everything else is dropped with its attributes (scripts and styles with their content); b and i become strong and em.
 */
const STORY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "s", "ul", "ol", "li", "a", "blockquote"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    b: "strong",
    i: "em",
    div: "p",
    h1: "p",
    h2: "p",
    h3: "p",
    h4: "p",
    // a link opens apart from the console and passes nothing on; a link of another scheme loses its href
    a: (tagName, attribs) => {
      const safe: sanitizeHtml.Attributes = { href: (attribs.href ?? "").trim(), target: "_blank", rel: "noopener noreferrer nofollow" };
      return { tagName, attribs: /^(?:https?:|mailto:)/i.test(safe.href!) ? safe : {} };
    },
  },
  // an empty paragraph or list item is what editors leave behind
  exclusiveFilter: (frame) => ["p", "li", "strong", "em", "u", "s", "a"].includes(frame.tag) && !frame.text.trim() && !frame.mediaChildren.length && frame.tag !== "br",
};

/**
 * spec 1 §5 Shop profile edits, Story: HTML sanitised to the allow-list and trimmed; null when nothing readable is left
 * (the editor's empty `<p><br></p>` included), which the caller refuses with 'Please Add Story'.
 */
export function sanitizeStory(html: string): string | null {
  const clean = sanitizeHtml(html, STORY_OPTIONS)
    .replace(/^(?:\s|<br\s*\/?>|&nbsp;)+|(?:\s|<br\s*\/?>|&nbsp;)+$/g, "")
    .trim();
  const text = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;/g, " ")
    .trim();
  return text ? clean : null;
}

/** Who may edit a shop's profile (ARCHITECTURE §5): an admin any shop; the owner their own; staff their own with shop:edit-details. */
function assertCanEdit(actor: Actor, shopId: string) {
  requireShop(actor, shopId);
  requirePermission(actor, "shop:edit-details");
}

async function checkShopImage(deps: Deps, actor: Actor, field: "image" | "coverImage", value: string | null | undefined, current: string | null) {
  if (value === undefined || value === null || value === current) return;
  if (!(await ownImageUpload(deps, actor, value, [SHOP_IMAGE_PURPOSE]))) throw fieldError(field, MSG.imageNotUploaded);
}

/**
 * spec 1 §7 POST shop/edit: any of name, email, website, location, story, categories, timings, image, coverImage.
 * Only the fields sent change. Answers the shop as GET shop/getdetails/{id} shows it.
 */
export async function editShop(deps: Deps, actor: Actor, input: ShopEditInput) {
  const id = input._id;
  assertCanEdit(actor, id);
  const [current] = await deps.db.select().from(shops).where(and(eq(shops.id, id), isNull(shops.deletedAt)));
  if (!current) throw notFound();

  const set: Partial<typeof shops.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.email !== undefined) set.email = input.email;
  // an empty website (a single space on the wire) is stored as NULL (ARCHITECTURE §4)
  if (input.website !== undefined) set.website = input.website;
  if (input.story !== undefined) {
    const story = sanitizeStory(input.story);
    if (!story) throw fieldError("story", MSG.storyRequired);
    set.story = story;
  }
  if (input.timings !== undefined) set.timings = input.timings;
  if (input.location !== undefined) {
    const place = await placesProvider(deps.env).details(input.location.placeId);
    if (!place) throw fieldError("location", MSG.placeUnknown);
    set.address = input.location.address;
    set.placeId = input.location.placeId;
    set.latitude = place.latitude;
    set.longitude = place.longitude;
  }
  // spec 1 §4 Shop images: 'null' removes; a new one must be the caller's own checked upload
  if (input.image !== undefined) {
    await checkShopImage(deps, actor, "image", input.image, current.image);
    set.image = input.image;
  }
  if (input.coverImage !== undefined) {
    await checkShopImage(deps, actor, "coverImage", input.coverImage, current.coverImage);
    set.coverImage = input.coverImage;
  }

  let departments: string[] | undefined;
  if (input.categories !== undefined) {
    // a shop's categories are departments (ARCHITECTURE §5)
    const found = await deps.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.id, input.categories), eq(categories.level, DEPARTMENT_LEVEL)));
    if (found.length !== input.categories.length) throw fieldError("categories", MSG.shopCategoryUnknown);
    departments = input.categories;
  }

  await deps.db.transaction(async (tx) => {
    await tx
      .update(shops)
      .set({ ...set, updatedAt: deps.now() })
      .where(eq(shops.id, id));
    if (departments) {
      await tx.delete(shopCategories).where(eq(shopCategories.shopId, id));
      await tx.insert(shopCategories).values(departments.map((categoryId) => ({ shopId: id, categoryId })));
    }
  });
  return shopDetails(deps, actor, id);
}
