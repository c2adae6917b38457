import type { SubmissionResult } from "@conform-to/react";
import { Box } from "@radix-ui/themes";
import { CouponForm, type CouponFormLookups } from "~/components/coupon/CouponForm";
import type { SavedNotice } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { PageHeader } from "~/components/layout/PageHeader";

/**
 * The Add and Edit Coupon page below its door: the saved notice, the title and the form. A refused save brings the form
 * back with its own key and look-ups (the step's choices), so what was typed stays beside the errors.
 */
export function CouponPage({
  mode,
  title,
  lookups,
  saved,
  reply,
  record,
  defaultValue,
  names,
}: {
  mode: "add" | "edit";
  title: string;
  lookups: CouponFormLookups;
  saved: SavedNotice | null;
  reply: { key: string; result: SubmissionResult<string[]>; lookups: CouponFormLookups } | null;
  /** on edit: the coupon the form saves */
  record?: string;
  defaultValue: Record<string, string>;
  names?: { department: string; category: string; subcategory: string };
}) {
  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <PageHeader title={title} />
      <CouponForm
        key={reply?.key ?? record ?? "first"}
        mode={mode}
        lookups={reply?.lookups ?? lookups}
        lastResult={reply?.result}
        formKey={reply?.key ?? record}
        defaultValue={defaultValue}
        names={names}
        saved={!!saved}
      />
    </Box>
  );
}
