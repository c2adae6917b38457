import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Card } from "@radix-ui/themes";
import { useActionData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useState } from "react";
import { BRAND_IMAGE_PURPOSE } from "#contract/catalogue/brands";
import { addBrandSchema } from "#contract/catalogue/brands-api";
import { MSG } from "#contract/core/messages";
import { formRefused, replyWithApiRefusal } from "~/services/forms.server";
import { apiFor } from "~/services/api.server";
import { savedThenReturn, savedThenReturnHeaders } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { Field, FormError } from "~/components/form/Field";
import { answerOf } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { FormActions } from "~/components/form/FormActions";
import { BrandImageField } from "~/components/catalogue/BrandImageField";
import { GeneralError } from "~/components/layout/GeneralError";
import settingsCss from "~/styles/settings.css?url";
import brandsCss from "~/styles/brands.css?url";
import { PageHeader } from "~/components/layout/PageHeader";

// spec 2 §2 Brands list: Add goes to {app}/add-brand, which returns to {app}/brands after 1 s
export const handle = { roles: ["admin"] as const, title: "Add Brand" };
export const meta: MetaFunction = () => [{ title: "Add Brand" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: settingsCss },
  { rel: "stylesheet", href: brandsCss },
];

const LIST = "/app/brands";

export const headers = savedThenReturnHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  return json(null, { headers: api.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  // without JavaScript the chosen file comes with the form and is uploaded (and checked) here
  const { formData, fileErrors } = await readFormWithFiles(request, api, { image: BRAND_IMAGE_PURPOSE });
  const submission = parseWithZod(formData, { schema: addBrandSchema });
  // a refused file: the upload's own message on the image field, in place of 'Please Upload Brand Image'
  const fileError = fileErrors.image ? { fieldErrors: { image: [fileErrors.image] } } : {};
  if (submission.status !== "success" || fileErrors.image) {
    return formRefused(submission.reply(fileError), 400, api.headers);
  }
  const result = await api.post("brand", submission.value);
  if (!result.success) {
    return formRefused(replyWithApiRefusal(submission, result, ["name", "image"]), result.httpStatus, api.headers);
  }
  return savedThenReturn(LIST, MSG.brandAdded, api.headers);
}

export default function AddBrand() {
  const { saved, reply } = answerOf(useActionData<typeof action>());
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const { form, fields, key } = useFormKit({
    id: "add-brand",
    lastResult: reply?.result,
  });
  // an image uploaded before a refused submit (without JavaScript) comes back as the field's value
  const uploaded = typeof fields.image.initialValue === "string" ? fields.image.initialValue : "";

  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <PageHeader title="Add Brand" />
      <Card size="3" className="brand-form">
        <Form key={key} method="post" encType="multipart/form-data" {...getFormProps(form)}>
          <Field label="Name" field={fields.name} inputProps={{ autoComplete: "off" }} />
          <BrandImageField
            id="brand-image"
            value={uploaded}
            alt="Brand image preview"
            label="Upload Image"
            error={fields.image.errors?.[0]}
            onUploadingChange={setUploading}
          />
          <FormError id={form.errorId} errors={form.errors} />
          <FormActions
            size="3"
            submitLabel="Add Brand"
            cancelHref={LIST}
            loading={navigation.state === "submitting"}
            disabled={uploading || !!saved}
          />
        </Form>
      </Card>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
