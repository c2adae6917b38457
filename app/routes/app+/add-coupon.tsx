import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Flex, Heading } from "@radix-ui/themes";
import { useActionData, useLoaderData } from "@remix-run/react";
import { addCouponSchema } from "#contract/coupons/coupons-api";
import { MSG } from "#contract/core/messages";
import { can } from "#contract/access/rights";
import { apiFor, pageNotFound } from "~/services/api.server";
import { replyWithApiRefusal } from "~/services/forms.server";
import {
  COUPON_FORM_STEPS,
  couponFieldOf,
  couponFormStep,
  couponReply,
  loadCouponLookups,
  readCouponForm,
  withDepartmentPaging,
  type CouponReply,
} from "~/services/coupon-form.server";
import { savedThenReturn, savedThenReturnHeaders, type Saved } from "~/services/toast.server";
import { CouponForm } from "~/components/coupon/CouponForm";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { GeneralError } from "~/components/layout/GeneralError";
import couponsCss from "~/styles/coupons.css?url";

// spec 2 §2 Coupons list: Add goes to {app}/add-coupon; after saving, back to /app/coupons. Staff need coupon:add.
export const handle = {
  roles: ["admin", "shopOwner", "staff"] as const,
  module: "coupon" as const,
  title: "Add Coupon",
};
export const meta: MetaFunction = () => [{ title: "Add Coupon" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: couponsCss }];
export const headers = savedThenReturnHeaders;

const LIST = "/app/coupons";
const FIELDS = [
  "name",
  "code",
  "image",
  "description",
  "department",
  "category",
  "subcategory",
  "minOrderPrice",
  "quantity",
  "start",
  "end",
  "discountType",
  "discount",
  "type",
  "multi",
] as const;

async function door(request: Request) {
  const { api, user } = await apiFor(request, { roles: handle.roles, module: handle.module });
  if (!can(user, "coupon:add")) throw pageNotFound();
  return { api, user };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, user } = await door(request);
  return json({ lookups: await loadCouponLookups(api, user, {}) }, { headers: api.headers });
}

type ActionData = CouponReply | Saved;

export async function action({ request }: ActionFunctionArgs) {
  const { api, user } = await door(request);
  const form = await readCouponForm(request, api);
  const lookups = await loadCouponLookups(api, user, withDepartmentPaging(form));
  if ((COUPON_FORM_STEPS as readonly string[]).includes(form.intent))
    return couponReply(api, couponFormStep(form, lookups), lookups, 200);
  const submission = parseWithZod(form.formData, { schema: addCouponSchema });
  // a refused file: the upload's own message on the image field, in place of 'Please Upload Coupon Image'
  const fileError = form.fileErrors.image ? { fieldErrors: { image: [form.fileErrors.image] } } : {};
  if (submission.status !== "success" || form.fileErrors.image)
    return couponReply(api, submission.reply(fileError), lookups, 400);
  const result = await api.post("coupon", submission.value);
  if (!result.success)
    return couponReply(api, replyWithApiRefusal(submission, result, couponFieldOf(FIELDS)), lookups, result.httpStatus);
  return savedThenReturn(LIST, result.message || MSG.couponAdded, api.headers);
}

export default function AddCoupon() {
  const { lookups } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const saved = actionData && "saved" in actionData ? actionData.saved : null;
  const reply = actionData && "result" in actionData ? actionData : null;
  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4">
        <Heading as="h1" size="6">
          Add Coupon
        </Heading>
      </Flex>
      <CouponForm
        key={reply?.key ?? "first"}
        mode="add"
        lookups={reply?.lookups ?? lookups}
        lastResult={reply?.result}
        formKey={reply?.key}
        defaultValue={{}}
        saved={!!saved}
      />
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
