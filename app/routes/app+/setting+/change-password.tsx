import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Card, Heading, Text } from "@radix-ui/themes";
import { useActionData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { changePasswordFormSchema } from "#contract/access/auth";
import { replyWithApiRefusal } from "~/services/forms.server";
import { apiFor } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { Field, FormError } from "~/components/form/Field";
import { GeneralError } from "~/components/layout/GeneralError";
import { FormActions } from "~/components/form/FormActions";

// spec 1 §6: Change Password in settings is admin-only
export const handle = { roles: ["admin"] as const, title: "Change Password" };
export const meta: MetaFunction = () => [{ title: "Change Password" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  return json(null, { headers: api.headers });
}

const SECRET_FIELDS = ["oldPassword", "newPassword", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const submission = parseWithZod(await request.formData(), { schema: changePasswordFormSchema });
  if (submission.status !== "success")
    return json(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400, headers: api.headers });
  const { oldPassword, newPassword } = submission.value;
  const result = await api.post("user/change-password", { oldPassword, newPassword });
  if (!result.success) {
    return json(
      replyWithApiRefusal(submission, result, ["oldPassword", "newPassword"], { hideFields: SECRET_FIELDS }),
      { status: result.httpStatus, headers: api.headers },
    );
  }
  // every other session of this admin has ended; this one stays (ARCHITECTURE §5)
  return redirectWithToast("/app/setting/change-password", { type: "success", message: result.message }, api.headers);
}

/** One message per field: the first rule that failed. */
const first = (errors?: string[]) => errors?.slice(0, 1);

export default function ChangePassword() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({
    id: "change-password",
    lastResult,
  });
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        Change Password
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Changing your password signs you out everywhere else.
      </Text>
      <Form key={key} method="post" {...getFormProps(form)} className="settings-form">
        {(
          [
            ["Current Password", fields.oldPassword, "current-password"],
            ["New Password", fields.newPassword, "new-password"],
            ["Confirm Password", fields.confirmPassword, "new-password"],
          ] as const
        ).map(([label, field, autoComplete]) => (
          <Field
            key={field.name}
            label={label}
            errors={first(field.errors)}
            field={field}
            type="password"
            inputProps={{ autoComplete }}
          />
        ))}
        <FormError id={form.errorId} errors={form.errors} />
        <FormActions size="3" submitLabel="Change Password" loading={navigation.state === "submitting"} />
      </Form>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
