// Client-safe types of a stream's promoted products (spec 3 §5 Promotion discount; ADR 0039). The
// zod schemas are in streams-promote-api.ts.
import type { z } from "../core/zod";
import type { promotableProductSchema, promotionDetailSchema } from "./streams-promote-api";

export type PromotableProduct = z.output<typeof promotableProductSchema>;
export type PromotionDetail = z.output<typeof promotionDetailSchema>;
