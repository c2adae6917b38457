import { Box, Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { VARIATION_IMAGE_PURPOSE, variantKey } from "#contract/products";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { ImageUpload } from "~/components/form/ImageUpload";
import { INTENT, NEW_VARIANT_IMAGE, dimensionField, type Dimension, type NewVariantReply } from "./EditProductNames";

/**
 * spec 2 §2 Edit Product: the add-new-variant form (POST product/new-variant/{id}). One select per dimension of the product
 * (values from the attribute's list), SKU, stock, price and image. A combination the product has already shows
 * 'Please select other combination of {a} & {b}' as soon as it is chosen (with JavaScript) and from the action (without).
 * `taken` maps each existing combination (values joined with `_`) to that message.
 */
export function NewVariantForm({
  dimensions,
  taken,
  action,
  reply,
}: {
  dimensions: Dimension[];
  taken: Record<string, string>;
  action: string;
  reply: NewVariantReply | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === INTENT.newVariant;
  const [chosen, setChosen] = useState<Record<string, string>>(() => reply?.values.dimensions ?? {});
  const values = dimensions.map((d) => chosen[d.name] ?? "");
  const repeat = values.every(Boolean) ? taken[variantKey(values)] : undefined;
  const combinationErrors = repeat ? [repeat] : (reply?.errors.combination ?? null);
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
        onSubmit={(event) => {
          if (repeat) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value={INTENT.newVariant} />
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          {dimensions.map((d) => {
            const id = `new-variant-${d.name.replace(/\W+/g, "-")}`;
            const errors = reply?.errors.dimensions?.[d.name];
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
          <Field label="SKU" errors={reply?.errors.sku} errorId="new-variant-sku-error" inputProps={{ id: "new-variant-sku", name: "sku", defaultValue: reply?.values.sku ?? "", autoComplete: "off", maxLength: 40 }} />
          <Field
            label="Stock"
            errors={reply?.errors.stock}
            errorId="new-variant-stock-error"
            inputProps={{ id: "new-variant-stock", name: "stock", type: "number", inputMode: "numeric", min: 0, step: 1, defaultValue: reply?.values.stock ?? "" }}
          />
          <Field
            label="Price"
            errors={reply?.errors.price}
            errorId="new-variant-price-error"
            inputProps={{ id: "new-variant-price", name: "price", type: "number", inputMode: "decimal", min: 1, step: "0.01", defaultValue: reply?.values.price ?? "" }}
          />
        </Grid>
        <Box mb="3">
          <Text as="p" size="2" weight="medium" mb="1">
            Image
          </Text>
          <NewVariantImage value={reply?.values.image ?? ""} error={reply?.errors.image?.[0]} />
        </Box>
        {reply?.formError ? <FormError errors={[reply.formError]} /> : null}
        <Flex mt="3">
          <Button type="submit" loading={saving}>
            Add variant
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

function NewVariantImage({ value, error }: { value: string; error?: string }) {
  const [preview, setPreview] = useState(value);
  return (
    <Flex direction="column" gap="2">
      {preview ? <img src={preview} alt="New variant" className="variation-thumb" data-testid="new-variant-image-preview" /> : null}
      <ImageUpload id="new-variant-image" name={NEW_VARIANT_IMAGE} purpose={VARIATION_IMAGE_PURPOSE} defaultValue={value} label="Upload image" error={error} onUploaded={setPreview} />
    </Flex>
  );
}
