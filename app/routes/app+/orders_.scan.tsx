import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Card, Text } from "@radix-ui/themes";
import { useActionData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { MSG } from "#contract/core/messages";
import { scanPickupSchema } from "#contract/orders/orders-api";
import { can } from "#contract/access/rights";
import { apiFor, pageNotFound } from "~/services/api.server";
import { formRefused, replyWithApiRefusal } from "~/services/forms.server";
import { redirectWithToast } from "~/services/toast.server";
import { orderDetailHref } from "~/lib/orders";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { Field, FormError } from "~/components/form/Field";
import { FormActions } from "~/components/form/FormActions";
import { GeneralError } from "~/components/layout/GeneralError";
import { PageHeader } from "~/components/layout/PageHeader";

// The shop's counter for orders collected in person (ADR 0029 "Offline orders and 'scan qr'"): the customer shows the
// order's QR code in the app; a scanner (which types what it reads and presses Enter) or the keyboard fills the field,
// and the shop's items, ready as Awaiting Pickup, are handed over. A plain form: no camera code, works without JavaScript.
export const handle = { roles: ["shopOwner", "staff"] as const, module: "order" as const, title: "Scan QR" };
export const meta: MetaFunction = () => [{ title: "Scan QR" }];

const LIST = "/app/orders";

/** Owners, and staff holding the order module's 'scan qr' ('order status edit' alone does not open the counter). */
async function counter(request: Request) {
  const door = await apiFor(request, handle);
  if (!can(door.user, "order:scan-qr")) throw pageNotFound();
  return door;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await counter(request);
  return json(null, { headers: api.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await counter(request);
  const submission = parseWithZod(await request.formData(), { schema: scanPickupSchema });
  if (submission.status !== "success") return formRefused(submission.reply(), 400, api.headers);
  const result = await api.post("order/scan-qr", submission.value);
  if (!result.success)
    return formRefused(replyWithApiRefusal(submission, result, ["code"]), result.httpStatus, api.headers);
  return redirectWithToast(
    orderDetailHref(result.data._id, LIST),
    { type: "success", message: MSG.pickupDone },
    api.headers,
  );
}

export default function ScanPickup() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: "scan-pickup", lastResult: actionData?.result });
  return (
    <Box>
      <PageHeader title="Scan QR" />
      <Card size="3">
        <Text as="p" size="2" color="gray" mb="3">
          For orders collected in person: scan the QR code the customer shows in the app, or type the code printed under
          it. Every item of your shop in the order must be Awaiting Pickup; they are then marked Delivered.
        </Text>
        <Form key={key} method="post" {...getFormProps(form)}>
          <Field
            label="Pickup code"
            field={fields.code}
            inputProps={{ autoComplete: "off", autoFocus: true, spellCheck: false }}
          />
          <FormError id={form.errorId} errors={form.errors} />
          <FormActions size="3" submitLabel="Hand over" cancelHref={LIST} loading={navigation.state === "submitting"} />
        </Form>
      </Card>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
