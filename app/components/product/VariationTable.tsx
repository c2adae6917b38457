import type { SubmissionResult } from "@conform-to/react";
import { Box, Button, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useState, type ReactNode } from "react";
import { PRODUCT_UI_MSG } from "#contract/products/messages-products-ui";
import { VARIATION_IMAGE_PURPOSE, formatPrice } from "#contract/products/products";
import type { ProductEntity } from "#contract/products/products-api";
import { ErrorList, FormError } from "~/components/form/Field";
import { ImageUpload } from "~/components/form/ImageUpload";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { CurrentDiscount, effectiveDiscount, priceAfterDiscount } from "./DiscountPanel";
import { INTENT, variationField, variationLabel } from "./EditProductNames";
import { textsAt, valueAt } from "~/lib/posted";
import { TableHead } from "~/components/layout/TableHead";

/**
 * spec 2 §2 Edit Product: the variation table. Every row's SKU (read-only), stock, price and image (changed by uploading)
 * are one multi-row form with one "Save variations" submit (PUT product/multiple-variation). Without JavaScript a chosen
 * image is posted with the form. `onChange` tells the page the table has unsaved edits (spec 2 §5). The action's reply
 * shows every row's messages at once; a field's message clears once its value changes.
 */
export function VariationTable({
  product,
  canEdit,
  canDiscount,
  action,
  reply,
  onChange,
  addDiscountHref,
  removeDiscountHref,
}: {
  product: ProductEntity;
  canEdit: boolean;
  canDiscount: boolean;
  action: string;
  reply: SubmissionResult<string[]> | null;
  onChange: () => void;
  addDiscountHref: (variationId: string) => string;
  removeDiscountHref: (variationId: string) => string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === INTENT.variations;
  const { form } = useFormKit({ id: `variations-${product._id}`, lastResult: reply });
  // what was posted (a page without JavaScript renders it again)
  const posted = valueAt(reply?.initialValue, "rows");
  const errorsOf = (field: "price" | "stock" | "image", id: string) => form.allErrors[variationField(field, id)];
  return (
    <Card size="3" className="product-edit-card" data-testid="variation-table">
      <Heading as="h2" size="4" mb="1">
        Variations
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {canEdit
          ? "Change a variation's stock, price or image, then save the variations."
          : "The product's variations."}
        {product.isGlobalDiscount
          ? " A discount on all variations is set, so the per-variation discounts are off."
          : null}
      </Text>
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        preventScrollReset
        onChange={onChange}
        className="variation-form"
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value={INTENT.variations} />
        <div className="variation-table-wrap">
          <table className="variation-table">
            <TableHead columns={["Variation", "SKU", "Stock", "Price", "Image", "Discount"]} />
            <tbody>
              {product.variations.map((v) => {
                const row = textsAt(posted, v._id);
                const errors = {
                  price: errorsOf("price", v._id),
                  stock: errorsOf("stock", v._id),
                  image: errorsOf("image", v._id),
                };
                const image = row.image || v.defaultImage || v.image;
                const discount = effectiveDiscount(product, v);
                const own = !product.isGlobalDiscount && v.isDiscount;
                const label = variationLabel(product, v);
                const ids = { image: `image-${v._id}` };
                return (
                  <tr key={v._id} data-testid="variation-row" data-variant={v.variant}>
                    <th scope="row">
                      <Text weight="medium">{label}</Text>
                    </th>
                    <td>
                      <Text size="2" className="sku" data-testid="variation-sku">
                        {v.sku}
                      </Text>
                    </td>
                    <NumberCell
                      field="stock"
                      variation={v._id}
                      defaultValue={row.stock ?? String(v.stock)}
                      rowLabel={label}
                      canEdit={canEdit}
                      errors={errors.stock}
                    >
                      {v.stock}
                    </NumberCell>
                    <NumberCell
                      field="price"
                      variation={v._id}
                      defaultValue={row.price ?? v.price.toFixed(2)}
                      rowLabel={label}
                      canEdit={canEdit}
                      errors={errors.price}
                    >
                      {formatPrice(v.price)}
                    </NumberCell>
                    <td>
                      <VariationImage
                        className="variation-image"
                        label="Change image"
                        id={ids.image}
                        name={variationField("image", v._id)}
                        value={image}
                        alt={label}
                        canEdit={canEdit}
                        error={errors.image?.[0]}
                        onUploaded={() => {
                          // an uploaded image answers 'Please Add Image'
                          form.validate({
                            name: variationField("image", v._id),
                          });
                          onChange();
                        }}
                      />
                    </td>
                    <td>
                      {discount ? (
                        <CurrentDiscount
                          discount={discount}
                          price={null}
                          removeHref={canDiscount && own ? removeDiscountHref(v._id) : null}
                          testId={`variation-discount-${v._id}`}
                        />
                      ) : null}
                      {discount ? (
                        <Text as="p" size="1" color="gray" mt="1">
                          {formatPrice(priceAfterDiscount(v.price, discount))} after discount
                        </Text>
                      ) : null}
                      {canDiscount && !own ? (
                        // spec 2 §4: a global discount disables the per-variant add buttons
                        product.isGlobalDiscount ? (
                          <Button
                            type="button"
                            size="1"
                            variant="soft"
                            disabled
                            mt="1"
                            aria-label={`Add discount to ${label}`}
                          >
                            Add discount
                          </Button>
                        ) : (
                          <Button asChild size="1" variant="soft">
                            <Link
                              to={addDiscountHref(v._id)}
                              preventScrollReset
                              aria-label={`Add discount to ${label}`}
                            >
                              Add discount
                            </Link>
                          </Button>
                        )
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {form.errors?.length ? (
          <Box mt="3">
            <FormError id={form.errorId} errors={form.errors} />
          </Box>
        ) : null}
        {canEdit ? (
          <Flex mt="3">
            <Button type="submit" loading={saving}>
              Save variations
            </Button>
          </Flex>
        ) : null}
      </Form>
    </Card>
  );
}

/** The number inputs of a row: stock in whole units from 0, price in cents from 1. */
const NUMBER_CELLS = {
  stock: { label: "Stock", inputMode: "numeric", min: 0, step: 1 },
  price: { label: "Price", inputMode: "decimal", min: 1, step: "0.01" },
} as const;

/** A row's stock or price: a number input with its messages for editors, the value (`children`) for the others. */
function NumberCell({
  field,
  variation,
  defaultValue,
  rowLabel,
  canEdit,
  errors,
  children,
}: {
  field: keyof typeof NUMBER_CELLS;
  variation: string;
  defaultValue: string;
  rowLabel: string;
  canEdit: boolean;
  errors?: string[];
  children: ReactNode;
}) {
  const { label, inputMode, min, step } = NUMBER_CELLS[field];
  return (
    <td>
      {canEdit ? (
        <>
          <TextField.Root
            id={`${field}-${variation}`}
            name={variationField(field, variation)}
            type="number"
            inputMode={inputMode}
            min={min}
            step={step}
            defaultValue={defaultValue}
            aria-label={`${label} of ${rowLabel}`}
            aria-invalid={errors?.length ? true : undefined}
            className="variation-number"
          />
          <ErrorList errors={errors} />
        </>
      ) : (
        children
      )}
    </td>
  );
}

/**
 * A variation's picture and, for editors, an upload that replaces it (spec 2 §5: 'Uploaded File Is Not A Valid Image
 * File' for a file that is not one); the new picture shows at once, before the form is saved.
 */
export function VariationImage({
  value,
  alt,
  onUploaded,
  canEdit = true,
  roomy,
  className,
  previewTestId,
  ...upload
}: {
  id: string;
  name: string;
  value: string;
  /** the upload button's label */
  label: string;
  alt: string;
  error?: string;
  onUploaded: () => void;
  canEdit?: boolean;
  /** more room between the picture and the upload (a form of its own rather than a table cell) */
  roomy?: boolean;
  className?: string;
  previewTestId?: string;
}) {
  const [preview, setPreview] = useState("");
  const shown = preview || value;
  return (
    <Flex direction="column" gap={roomy ? "2" : "1"} className={className}>
      {shown ? <img src={shown} alt={alt} className="variation-thumb" data-testid={previewTestId} /> : null}
      {canEdit ? (
        <ImageUpload
          {...upload}
          purpose={VARIATION_IMAGE_PURPOSE}
          defaultValue={value}
          notAnImage={PRODUCT_UI_MSG.editImageInvalid}
          onUploaded={(location) => {
            setPreview(location);
            onUploaded();
          }}
        />
      ) : null}
    </Flex>
  );
}
