import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Card, Text } from "@radix-ui/themes";
import { useActionData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import type { ReactNode } from "react";
import { ATTRIBUTE_TYPE_LABELS, ATTRIBUTE_TYPES } from "#contract/catalogue/attributes";
import { addAttributeFormSchema } from "#contract/catalogue/attributes-api";
import { MSG } from "#contract/core/messages";
import { formRefused, replyWithApiRefusal } from "~/services/forms.server";
import { apiFor } from "~/services/api.server";
import { savedThenReturn, savedThenReturnHeaders } from "~/services/toast.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "~/components/form/form-props";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { answerOf } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { FormActions } from "~/components/form/FormActions";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import settingsCss from "~/styles/settings.css?url";
import attributesCss from "~/styles/attributes.css?url";
import { PageHeader } from "~/components/layout/PageHeader";
import { errorAria } from "~/components/form/error-aria";

// spec 2 §2 Attributes list: Add goes to {app}/add-attribute, which returns to {app}/attributes after 1 s
export const handle = { roles: ["admin"] as const, title: "Add Attribute" };
export const meta: MetaFunction = () => [{ title: "Add Attribute" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: settingsCss },
  { rel: "stylesheet", href: attributesCss },
];

const LIST = "/app/attributes";
const FORM_FIELDS = ["name", "label", "type", "isForVariation", "hint"] as const;

export const headers = savedThenReturnHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  return json(null, { headers: api.headers });
}

/** Where the API's field errors show: the form's own fields, and the list and its colours in the Options box. */
const formFieldOf = (key: string) =>
  FORM_FIELDS.some((field) => field === key)
    ? key
    : key === "list" || key.startsWith("list.") || key.startsWith("map")
      ? "options"
      : null;

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const submission = parseWithZod(await request.formData(), { schema: addAttributeFormSchema });
  if (submission.status !== "success") return formRefused(submission.reply(), 400, api.headers);
  const result = await api.post("attr", submission.value);
  if (!result.success) {
    return formRefused(replyWithApiRefusal(submission, result, formFieldOf), result.httpStatus, api.headers);
  }
  return savedThenReturn(LIST, MSG.attributeAdded, api.headers);
}

/** A native control of the form: its label above it, its errors below it. */
function Labelled({
  label,
  field,
  children,
}: {
  label: string;
  field: { id: string; errorId: string; errors?: string[] };
  children: ReactNode;
}) {
  return (
    <Box mb="3">
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      {children}
      <ErrorList id={field.errorId} errors={field.errors} />
    </Box>
  );
}

export default function AddAttribute() {
  const { saved, reply } = answerOf(useActionData<typeof action>());
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({
    id: "add-attribute",
    lastResult: reply?.result,
  });
  const invalid = (errors?: string[]) => (errors?.length ? true : undefined);

  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <PageHeader title="Add Attribute" />
      <Card size="3" className="attribute-form">
        <Form key={key} method="post" {...getFormProps(form)}>
          <Field label="Name" field={fields.name} inputProps={{ autoComplete: "off" }} />
          <Field
            label="Label"
            hint="What the product form shows beside the field"
            field={fields.label}
            inputProps={{ autoComplete: "off" }}
          />

          <Labelled label="Type" field={fields.type}>
            <select
              {...getSelectProps(fields.type)}
              key={fields.type.key}
              className="native-select"
              {...errorAria(fields.type)}
            >
              <option value="">Select type</option>
              {ATTRIBUTE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ATTRIBUTE_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </Labelled>

          <Field label="Hint" field={fields.hint} inputProps={{ autoComplete: "off" }} />

          <Box mb="3">
            <fieldset className="gender-options" {...errorAria(fields.isForVariation)}>
              <legend>Use for variation</legend>
              <label>
                <input
                  {...getInputProps(fields.isForVariation, { type: "radio", value: "true" })}
                  key={`${fields.isForVariation.key}-yes`}
                />
                Yes
              </label>
              <label>
                <input
                  {...getInputProps(fields.isForVariation, { type: "radio", value: "false" })}
                  key={`${fields.isForVariation.key}-no`}
                />
                No
              </label>
            </fieldset>
            <ErrorList id={fields.isForVariation.errorId} errors={fields.isForVariation.errors} />
          </Box>

          <Labelled label="Options" field={fields.options}>
            <textarea
              {...getTextareaProps(fields.options)}
              key={fields.options.key}
              className="option-lines"
              rows={6}
              placeholder={"Red #E53935\nBlue #1E88E5\nGreen"}
              aria-invalid={invalid(fields.options.errors)}
              aria-describedby={[
                fields.options.errors?.length ? fields.options.errorId : "",
                `${fields.options.id}-hint`,
              ]
                .filter(Boolean)
                .join(" ")}
            />
            <Text as="p" size="1" color="gray" id={`${fields.options.id}-hint`}>
              One option per line. A colour may follow the name, such as Red #E53935. Not needed for Text and Number.
            </Text>
          </Labelled>

          <FormError id={form.errorId} errors={form.errors} />
          <FormActions
            size="3"
            submitLabel="Add Attribute"
            cancelHref={LIST}
            loading={navigation.state === "submitting"}
            disabled={!!saved}
          />
        </Form>
      </Card>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
