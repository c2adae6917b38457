import { z } from "../core/zod";
import { listQuerySchema } from "../core/list";
import { MSG } from "../core/messages";
import { COMMISSION_MAX, COMMISSION_MIN, COMMISSION_SORTS } from "./commission";

// The schemas of the commission calls (spec 1 §7 Shops: shop/commission) and of the Commission tab's forms.

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A required id; `message` when it is missing. */
const requiredId = (message: string) =>
  z.unknown().transform((value, ctx) => {
    if (blank(value) || typeof value !== "string" || value.trim().length > 64) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value.trim();
  });

/**
 * spec 1 §5 Commission: required ('Please Enter Commission'), an integer 1 to 100 ('Commission range should be 1 to 100'):
 * decimal points and anything but digits are refused, not rounded. On an edit a value above 100 has its own message
 * ('Maximum commission value 100').
 */
export const commissionPercentage = (mode: "add" | "edit") =>
  z.unknown().transform((value, ctx) => {
    if (blank(value)) {
      ctx.addIssue({ code: "custom", message: MSG.commissionRequired });
      return z.NEVER;
    }
    const n =
      typeof value === "number"
        ? value
        : typeof value === "string" && /^\s*\d+\s*$/.test(value)
          ? Number(value)
          : Number.NaN;
    if (mode === "edit" && Number.isInteger(n) && n > COMMISSION_MAX) {
      ctx.addIssue({ code: "custom", message: MSG.commissionMax });
      return z.NEVER;
    }
    if (!Number.isInteger(n) || n < COMMISSION_MIN || n > COMMISSION_MAX) {
      ctx.addIssue({ code: "custom", message: MSG.commissionRange });
      return z.NEVER;
    }
    return n;
  });

const shopIdField = requiredId(MSG.commissionShopRequired);
/** spec 1 §5 Commission: the sub-category is required ('Please Select Category'). */
const categoryIdField = requiredId(MSG.commissionCategoryRequired);

/** GET shop/commission/{shopId}: skip|page, limit (10 by default), search on the sub-category's or its category's name. */
export const commissionListQuerySchema = listQuerySchema(COMMISSION_SORTS);
export type CommissionListQuery = z.infer<typeof commissionListQuerySchema>;

/** POST shop/commission {shopId, categoryId, percentage}. */
export const addCommissionSchema = z.object({
  shopId: shopIdField,
  categoryId: categoryIdField,
  percentage: commissionPercentage("add"),
});
export type AddCommissionInput = z.infer<typeof addCommissionSchema>;

/** PUT shop/commission {shopId, categoryId, percentage}. */
export const editCommissionSchema = z.object({
  shopId: shopIdField,
  categoryId: categoryIdField,
  percentage: commissionPercentage("edit"),
});
export type EditCommissionInput = z.infer<typeof editCommissionSchema>;

/** DELETE shop/commission {shopId, categoryId}. */
export const deleteCommissionSchema = z.object({ shopId: shopIdField, categoryId: categoryIdField });
export type DeleteCommissionInput = z.infer<typeof deleteCommissionSchema>;

/** The Commission tab's add form and inline edit (the shop comes from the page's URL). */
export const addCommissionFormSchema = z.object({
  intent: z.literal("add"),
  categoryId: categoryIdField,
  percentage: commissionPercentage("add"),
});
export const editCommissionFormSchema = z.object({
  intent: z.literal("edit"),
  categoryId: categoryIdField,
  percentage: commissionPercentage("edit"),
});

const ref = z.object({ _id: z.string(), name: z.string() });
/** One row of GET shop/commission/{shopId}: the sub-category with its parent category and the shop's percentage. */
export const shopCommissionSchema = z.object({
  categoryId: ref.extend({ parent: ref }),
  percentage: z.number(),
  /** the sub-category's own commission, which the row overrides */
  defaultPercentage: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** DELETE shop/commission answers what it removed. */
export const deletedCommissionSchema = z.object({ shopId: z.string(), categoryId: z.string(), percentage: z.number() });

/**
 * One row of GET shop/commission/{shopId} (spec 1 §3 Commission): the sub-category with its parent category and the
 * shop's percentage. `defaultPercentage` (ours) is the sub-category's own commission, which the row overrides.
 */
export type ShopCommission = z.output<typeof shopCommissionSchema>;
