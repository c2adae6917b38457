import { and, eq, inArray, isNull } from "drizzle-orm";
import { MSG } from "#contract/core/messages";
import { SHOP_IMAGE_PURPOSE } from "#contract/shops/shop-profile";
import type { ShopEditInput } from "#contract/shops/shop-profile-api";
import { DEPARTMENT_LEVEL } from "#contract/catalogue/categories";
import { categories, shopCategories, shops } from "#api/db/schema";
import { requirePermission, type Actor } from "#api/platform/auth/actor";
import type { Deps } from "#api/platform/deps";
import { fieldError, notFound } from "#api/platform/http/http";
import { placesProvider } from "#api/platform/providers/places";
import { requireShop } from "#api/platform/auth/tenancy";
import { shopImageChanged } from "#api/modules/chat";
import { ownImageUpload } from "#api/modules/uploads";
import { sanitizeStory } from "#server-shared/story";
import { shopDetails } from "./service";

/** Who may edit a shop's profile (ARCHITECTURE §5): an admin any shop; the owner their own; staff their own with shop:edit-details. */
function assertCanEdit(actor: Actor, shopId: string) {
  requireShop(actor, shopId);
  requirePermission(actor, "shop:edit-details");
}

async function checkShopImage(
  deps: Deps,
  actor: Actor,
  field: "image" | "coverImage",
  value: string | null | undefined,
  current: string | null,
) {
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
  const [current] = await deps.db
    .select()
    .from(shops)
    .where(and(eq(shops.id, id), isNull(shops.deletedAt)));
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
    // spec 1 §7: the owner's channels take the new avatar
    if (set.image !== undefined && set.image !== current.image)
      await shopImageChanged(deps, tx, id, current.ownerId, set.image ?? null);
    if (departments) {
      await tx.delete(shopCategories).where(eq(shopCategories.shopId, id));
      await tx.insert(shopCategories).values(departments.map((categoryId) => ({ shopId: id, categoryId })));
    }
  });
  return shopDetails(deps, actor, id);
}
