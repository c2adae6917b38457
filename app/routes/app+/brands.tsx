import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Text } from "~/components/plain";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useState } from "react";
import { BRAND_IMAGE_PURPOSE } from "#contract/catalogue/brands";
import type { BrandEntity } from "#contract/catalogue/brands-api";
import { editBrandFormSchema } from "#contract/catalogue/brands-api";
import { replyWithApiRefusal } from "~/services/forms.server";
import { apiFor } from "~/services/api.server";
import { listLoader } from "~/services/list.server";
import { redirectWithToast } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref } from "~/lib/url-state";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { Field, FormError } from "~/components/form/Field";
import type { Column } from "~/components/table/DataTable";
import { ListPage } from "~/components/table/ListPage";
import { RowLink, actionsColumn } from "~/components/table/RowActions";
import { FormActions } from "~/components/form/FormActions";
import { BrandImageField } from "~/components/catalogue/BrandImageField";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import settingsCss from "~/styles/settings.css?url";
import brandsCss from "~/styles/brands.css?url";
import { textOf } from "~/lib/posted";

// spec 2 §6: brands are administered from the admin menu only
export const handle = { roles: ["admin"] as const, title: "Brands" };
export const meta: MetaFunction = () => [{ title: "Brands" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: settingsCss },
  { rel: "stylesheet", href: brandsCss },
];

const EDIT = "edit";

export const loader = listLoader({
  access: handle,
  list: (api, query) => api.get("brand", query),
  target: { on: [`drawer=${EDIT}`], load: (api, id) => api.get(`brand/${id}`) },
});

type ActionData = { result: SubmissionResult<string[]> };

// the edit drawer posts here (multipart, so that without JavaScript its file comes along); success closes the drawer
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const back = closeOverlayHref(new URL(request.url));
  const { formData, fileErrors } = await readFormWithFiles(request, api, { image: BRAND_IMAGE_PURPOSE });
  const submission = parseWithZod(formData, { schema: editBrandFormSchema });
  // a refused file: the upload's own message on the image field, in place of 'Please Upload Brand Image'
  const fileError = fileErrors.image ? { fieldErrors: { image: [fileErrors.image] } } : {};
  if (submission.status !== "success" || fileErrors.image) {
    return json<ActionData>({ result: submission.reply(fileError) }, { status: 400, headers: api.headers });
  }
  const { id, name, image } = submission.value;
  const result = await api.put(`brand/${encodeURIComponent(id)}`, { name, image });
  if (result.httpStatus === 404)
    return redirectWithToast(back, { type: "error", message: result.message }, api.headers);
  if (!result.success) {
    return json<ActionData>(
      { result: replyWithApiRefusal(submission, result, ["name", "image"]) },
      { status: result.httpStatus, headers: api.headers },
    );
  }
  return redirectWithToast(back, { type: "success", message: result.message }, api.headers);
}

const columns: Column<BrandEntity>[] = [
  {
    key: "image",
    header: "Image",
    width: 72,
    cell: (brand) => (
      <img src={brand.image} alt={`${brand.name} logo`} className="brand-thumb" width={40} height={40} loading="lazy" />
    ),
  },
  { key: "name", header: "Name", sort: "name", cell: (brand) => <Text weight="medium">{brand.name}</Text> },
  {
    key: "createdAt",
    header: "Created",
    sort: "createdAt",
    cell: (brand) => <span className="nowrap">{formatDate(brand.createdAt)}</span>,
  },
  {
    key: "updatedAt",
    header: "Updated",
    sort: "updatedAt",
    cell: (brand) => <span className="nowrap">{formatDate(brand.updatedAt)}</span>,
  },
  actionsColumn((brand) => <RowLink label="Edit" name={`Edit ${brand.name}`} open={{ drawer: EDIT, id: brand._id }} />),
];

export default function Brands() {
  const data = useLoaderData<typeof loader>();
  const { target } = data;
  const actionData = useActionData<typeof action>();
  const closeHref = closeOverlayHref(useLocation());

  return (
    <ListPage
      csv="/app/brands/export"
      title="Brands"
      add={{ label: "Add Brand", to: "/app/add-brand" }}
      search={{ label: "Search brands", placeholder: "Search brand name" }}
      noun="brands"
      columns={columns}
      data={data}
      drawer={{
        param: EDIT,
        title: "Edit Brand",
        width: 400,
        body: target ? (
          <EditBrandForm key={target._id} brand={target} lastResult={actionData?.result} closeHref={closeHref} />
        ) : null,
      }}
    />
  );
}

/** The side panel's form (spec 2 §2 Brands list): name and image, saved with PUT brand/{id}. */
function EditBrandForm({
  brand,
  lastResult,
  closeHref,
}: {
  brand: BrandEntity;
  lastResult?: SubmissionResult<string[]>;
  closeHref: string;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const { form, fields, key } = useFormKit({
    id: `edit-brand-${brand._id}`,
    record: brand._id,
    lastResult,
    defaultValue: { name: brand.name, image: brand.image },
  });
  const image = textOf(fields.image.initialValue) || brand.image;
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === EDIT;
  return (
    <Form key={key} method="post" encType="multipart/form-data" {...getFormProps(form)} className="brand-form">
      <input type="hidden" name="intent" value={EDIT} />
      <input type="hidden" name="id" value={brand._id} />
      <Field label="Name" field={fields.name} inputProps={{ autoComplete: "off" }} />
      <BrandImageField
        id="edit-brand-image"
        value={image}
        alt={`${brand.name} logo`}
        label="Change Image"
        error={fields.image.errors?.[0]}
        onUploadingChange={setUploading}
      />
      <FormError id={form.errorId} errors={form.errors} />
      <FormActions submitLabel="Save" cancelHref={closeHref} loading={saving} disabled={uploading} />
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
