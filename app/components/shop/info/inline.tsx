import type { SubmissionResult } from "@conform-to/react";
import { Box, Button, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { useLocation, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { type ReactNode } from "react";
import { listHref } from "~/lib/url-state";
import { ErrorList } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
/** A card's messages: those of its fields, then the form's own (the API's refusal), each once. */
export const messages = (...lists: (string[] | undefined)[]) => {
  const all = [...new Set(lists.flatMap((list) => list ?? []))];
  return all.length ? all : undefined;
};

export const busyWith = (navigation: ReturnType<typeof useNavigation>, intent: string) =>
  navigation.state !== "idle" && navigation.formData?.get("intent") === intent;

export type KitFields = ReturnType<typeof useFormKit>["fields"];

/** One inline-editable value (spec 1 §4 Inline edit field): view mode, Edit (`?edit=field`), then Save or Cancel. */
export function InlineRow({
  field,
  label,
  view,
  canEdit,
  editing,
  children,
  ...form
}: {
  field: string;
  label: string;
  view: ReactNode;
  canEdit: boolean;
  editing: boolean;
  children: (fields: KitFields) => ReactNode;
} & Omit<InlineFormProps, "field" | "children">) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="88px">{label}</DataList.Label>
      <DataList.Value>
        {editing ? (
          <InlineForm field={field} {...form}>
            {children}
          </InlineForm>
        ) : (
          <Flex align="center" gap="3" wrap="wrap" className="inline-view" data-testid={`view-${field}`}>
            <Box className="inline-value">{view}</Box>
            {canEdit ? <EditLink field={field} label={label} /> : null}
          </Flex>
        )}
      </DataList.Value>
    </DataList.Item>
  );
}

/** The Edit link of an inline-editable value or card (`?edit=field`), named for what it edits. */
export function EditLink({ field, label }: { field: string; label: string }) {
  const location = useLocation();
  return (
    <Link
      to={listHref(location, { edit: field })}
      preventScrollReset
      className="inline-edit-link"
      aria-label={`Edit ${label.toLowerCase()}`}
    >
      Edit
    </Link>
  );
}

/** A card's title row, with its Edit link while the card can be edited and is not open. */
export function CardTitle({ title, field, showEdit }: { title: string; field: string; showEdit: boolean }) {
  return (
    <Flex justify="between" align="center" mb="3">
      <Heading as="h2" size="3">
        {title}
      </Heading>
      {showEdit ? <EditLink field={field} label={title} /> : null}
    </Flex>
  );
}

type InlineFormProps = {
  field: string;
  record: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, string>;
  /** the field shows its own errors (an address search): the row shows only the card's */
  fieldShowsErrors?: boolean;
  children: (fields: KitFields) => ReactNode;
};

/** The inline edit's form (the one form idiom, ADR 0010): the field's errors and the API's refusal under it. */
function InlineForm({ field, record, lastResult, defaultValue, fieldShowsErrors, children }: InlineFormProps) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: `shop-${field}-form`, record, lastResult, defaultValue });
  const meta = fields[field];
  return (
    <Form
      key={key}
      method="post"
      preventScrollReset
      className="inline-edit"
      data-testid={`edit-${field}`}
      {...getFormProps(form)}
    >
      {children(fields)}
      {fieldShowsErrors ? (
        <ErrorList id={form.errorId} errors={form.errors} />
      ) : (
        <ErrorList id={meta.errorId} errors={messages(meta.errors, form.errors)} />
      )}
      <Flex gap="2" mt="2">
        <Button type="submit" name="intent" value={field} size="2" loading={busyWith(navigation, field)}>
          Save
        </Button>
        <CancelEdit size="2" />
      </Flex>
    </Form>
  );
}

/** Back to the card's view, changing nothing (the page without `?edit=`). */
export function CancelEdit({ size }: { size?: "2" }) {
  const location = useLocation();
  return (
    <Button asChild variant="soft" color="gray" size={size}>
      <Link to={listHref(location, { edit: null })} preventScrollReset replace>
        Cancel
      </Link>
    </Button>
  );
}

export const none = <Text color="gray">Not provided</Text>;
