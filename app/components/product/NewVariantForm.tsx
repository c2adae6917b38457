import type { SubmissionResult } from "@conform-to/react";
import { Box, Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useState } from "react";
import { variantKey } from "#contract/products/products";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { VariationImage } from "./VariationTable";
import { COMBINATION_FIELD, INTENT, NEW_VARIANT_IMAGE, dimensionField, type Dimension } from "./EditProductNames";
import { textAt, textsAt } from "~/lib/posted";

/**
 * spec 2 §2 Edit Product: the add-new-variant form (POST product/new-variant/{id}). One select per dimension of the product
 * (values from the attribute's list), SKU, stock, price and image. A combination the product has already shows
 * 'Please select other combination of {a} & {b}' as soon as it is chosen (with JavaScript) and from the action (without).
 * `taken` maps each existing combination (values joined with `_`) to that message. The action reports every rule at
 * once; a field's message clears once its value changes. `formId` names the form of one product.
 */
export function NewVariantForm({
  formId,
  dimensions,
  taken,
  action,
  reply,
}: {
  formId: string;
  dimensions: Dimension[];
  taken: Record<string, string>;
  action: string;
  reply: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === INTENT.newVariant;
  const { form, fields } = useFormKit({ id: formId, lastResult: reply });
  const postedDimension = textsAt(reply?.initialValue, "dimension");
  const [chosen, setChosen] = useState<Partial<Record<string, string>>>(() => postedDimension);
  const values = dimensions.map((d) => chosen[d.name] ?? "");
  const repeat = values.every(Boolean) ? taken[variantKey(values)] : undefined;
  // the action's word on the combination holds while the posted combination is still the chosen one
  const postedValues = dimensions.map((d) => postedDimension[d.name] ?? "");
  const combinationErrors = repeat
    ? [repeat]
    : values.join("\u0000") === postedValues.join("\u0000")
      ? form.allErrors[COMBINATION_FIELD]
      : undefined;
  return (
    <Card size="3" className="product-edit-card" data-testid="new-variant">
      <Heading as="h2" size="4" mb="1">
        Add new variant
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        Choose a combination the product does not have yet.
      </Text>
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        preventScrollReset
        {...getFormProps(form)}
        // the action's messages (spec 2 §5), never the browser's own bubble for a stock or price
        noValidate
        onSubmit={(event) => {
          if (repeat) event.preventDefault();
          else form.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value={INTENT.newVariant} />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          {dimensions.map((d) => {
            const id = `new-variant-${d.name.replace(/\W+/g, "-")}`;
            const errors = form.allErrors[dimensionField(d.name)];
            return (
              <Box key={d.name} mb="3">
                <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: "block" }}>
                  {d.label}
                </Text>
                <select
                  id={id}
                  name={dimensionField(d.name)}
                  className="native-select new-variant-select"
                  value={chosen[d.name] ?? ""}
                  onChange={(e) => setChosen((c) => ({ ...c, [d.name]: e.target.value }))}
                  aria-invalid={errors?.length ? true : undefined}
                >
                  <option value="">Select {d.label}</option>
                  {d.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
                <ErrorList errors={errors} />
              </Box>
            );
          })}
        </Grid>
        <ErrorList id="new-variant-combination" errors={combinationErrors} />
        <Grid columns={{ initial: "1", sm: "3" }} gap="3" mt="2">
          <Field
            label="SKU"
            field={fields.sku}
            inputProps={{ id: "new-variant-sku", autoComplete: "off", maxLength: 40 }}
          />
          <Field
            label="Stock"
            field={fields.stock}
            type="number"
            inputProps={{ id: "new-variant-stock", inputMode: "numeric", min: 0, step: 1 }}
          />
          <Field
            label="Price"
            field={fields.price}
            type="number"
            inputProps={{ id: "new-variant-price", inputMode: "decimal", min: 1, step: "0.01" }}
          />
        </Grid>
        <Box mb="3">
          <Text as="p" size="2" weight="medium" mb="1">
            Image
          </Text>
          <VariationImage
            id="new-variant-image"
            name={NEW_VARIANT_IMAGE}
            label="Upload image"
            alt="New variant"
            roomy
            previewTestId="new-variant-image-preview"
            value={textAt(reply?.initialValue, NEW_VARIANT_IMAGE) ?? ""}
            error={fields[NEW_VARIANT_IMAGE].errors?.[0]}
            // an uploaded image answers 'Please Add Image'
            onUploaded={() => form.validate({ name: NEW_VARIANT_IMAGE })}
          />
        </Box>
        <FormError id={form.errorId} errors={form.errors} />
        <Flex mt="3">
          <Button type="submit" loading={saving}>
            Add variant
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
