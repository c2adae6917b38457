// Client-safe constants and shapes of the brands area (spec 2 §3 Brand); the zod schemas are in brands-api.ts.

import type { UploadPurpose } from "../uploads/uploads";

export const BRAND_SORTS = ["createdAt", "name", "updatedAt"] as const;
export const BRAND_NAME_MAX = 50;
/** spec 2 §9: the brand select on the product form loads up to 1500 at once. */
export const BRAND_LOOKUP_LIMIT = 1500;
/** spec 2 §5 Image upload: a brand's image is a JPG or PNG under 10 MB. */
export const BRAND_IMAGE_PURPOSE = "catalogueImage" satisfies UploadPurpose;
