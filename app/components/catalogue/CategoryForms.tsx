import type { SubmissionResult } from "@conform-to/react";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { ImageUpload } from "~/components/form/ImageUpload";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { imageHint } from "#contract/uploads/uploads";

/** A category's picture, or its initial when it has none. */
export function CategoryThumb({ image, name, size = 40 }: { image: string | null; name: string; size?: number }) {
  return image ? (
    <img src={image} alt="" width={size} height={size} className="catalogue-thumb" loading="lazy" />
  ) : (
    <span
      className="catalogue-thumb catalogue-thumb-empty"
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      aria-hidden="true"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * Adds a department, a category or a sub-category: the name and an optional picture (spec 2 §3). Multipart, so
 * without JavaScript the picture is posted with the form; with it, the picture is uploaded on choosing.
 */
export function AddCategoryForm({
  id,
  record,
  nameLabel,
  submitLabel,
  lastResult,
}: {
  id: string;
  record?: string;
  nameLabel: string;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  // keyed by the parent: a child's form never starts with its parent's name
  const { form, fields, key } = useFormKit({ id, record, lastResult });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  return (
    <Form key={key} method="post" encType="multipart/form-data" {...getFormProps(form)} className="settings-form">
      <input type="hidden" name="intent" value="add" />
      <Field label={nameLabel} field={fields.name} inputProps={{ maxLength: 50 }} />
      <Text as="p" size="2" weight="medium" mb="1">
        Image
      </Text>
      <ImageUpload id={`${id}-image`} name="image" purpose="catalogueImage" label="Choose image" />
      <Text as="p" size="1" color="gray" mt="1">
        Optional. {imageHint("catalogueImage")}
      </Text>
      <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
      <FormError id={form.errorId} errors={form.errors} />
      <Flex mt="4">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}
