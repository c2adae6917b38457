import type { SubmissionResult } from "@conform-to/react";
import { Badge, Box, Button, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { DISCOUNT_TYPES, formatPrice, type DiscountType } from "#contract/products/products";
import type { ProductEntity, ProductVariationEntity } from "#contract/products/products-api";
import { ErrorList, FormError } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { GLOBAL_TARGET, INTENT, PRODUCT_TARGET } from "./EditProductNames";
import { textAt } from "~/lib/posted";

export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = { flat: "Flat", percentage: "Percentage" };

export interface Discount {
  type: DiscountType;
  value: number;
}

/** The discount a variation carries: the product's global one, or its own (spec 2 §4); without a variation, the product's. */
export function effectiveDiscount(product: ProductEntity, variation?: ProductVariationEntity): Discount | null {
  if (variation && !product.isGlobalDiscount) {
    return variation.isDiscount && variation.discountType && variation.discount !== null
      ? { type: variation.discountType, value: variation.discount }
      : null;
  }
  return product.isDiscount && product.discountType && product.discount !== null
    ? { type: product.discountType, value: product.discount }
    : null;
}

/** A price after its discount, in dollars, never below 0. */
export function priceAfterDiscount(price: number, discount: Discount | null) {
  if (!discount) return price;
  const off = discount.type === "flat" ? discount.value : (price * discount.value) / 100;
  return Math.max(0, Math.round((price - off) * 100) / 100);
}

/** "$5.00 off" or "10% off". */
export const discountLabel = (d: Discount) => (d.type === "flat" ? `${formatPrice(d.value)} off` : `${d.value}% off`);

/**
 * The add-discount form (spec 2 §4): type (flat or percentage) and value. `target` is "product", "global" or a variation
 * id. A plain POST form: it works without JavaScript; the action answers with the spec's messages, each shown once, and
 * a message clears once a value changes. `reply` is the discount form's last answer, whichever target it was for.
 */
export function DiscountForm({
  target,
  action,
  reply,
  disabled,
  idPrefix,
}: {
  target: string;
  action: string;
  reply: SubmissionResult<string[]> | null;
  disabled?: boolean;
  idPrefix: string;
}) {
  const navigation = useNavigation();
  const mine = textAt(reply?.initialValue, "target") === target ? reply : null;
  const { form, fields } = useFormKit({ id: idPrefix, lastResult: mine });
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === INTENT.discount &&
    navigation.formData?.get("target") === target;
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="discount-form"
      data-testid={`discount-form-${target}`}
      {...getFormProps(form)}
      noValidate
    >
      <input type="hidden" name="intent" value={INTENT.discount} />
      <input type="hidden" name="target" value={target} />
      <Flex gap="3" align="end" wrap="wrap">
        <Box>
          <Text as="label" htmlFor={`${idPrefix}-type`} size="2" weight="medium" style={{ display: "block" }} mb="1">
            Discount type
          </Text>
          <select
            id={`${idPrefix}-type`}
            name="discountType"
            className="native-select"
            defaultValue={textAt(mine?.initialValue, "discountType") ?? ""}
            disabled={disabled}
          >
            <option value="">Select type</option>
            {DISCOUNT_TYPES.map((t) => (
              <option key={t} value={t}>
                {DISCOUNT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </Box>
        <Box>
          <Text as="label" htmlFor={`${idPrefix}-value`} size="2" weight="medium" style={{ display: "block" }} mb="1">
            Discount
          </Text>
          <TextField.Root
            id={`${idPrefix}-value`}
            name="discount"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            defaultValue={textAt(mine?.initialValue, "discount") ?? ""}
            disabled={disabled}
            aria-invalid={fields.discount.errors?.length ? true : undefined}
            aria-describedby={fields.discount.errors?.length ? `${idPrefix}-error` : undefined}
            style={{ width: "9rem" }}
          />
        </Box>
        <Button type="submit" disabled={disabled} loading={submitting}>
          Add discount
        </Button>
      </Flex>
      <ErrorList id={`${idPrefix}-error`} errors={fields.discount.errors} />
      {form.errors?.length ? (
        <Box mt="2">
          <FormError id={form.errorId} errors={form.errors} />
        </Box>
      ) : null}
    </Form>
  );
}

/** The current discount: its kind, value, the price after it and a Remove link (a URL-driven confirmation). */
export function CurrentDiscount({
  discount,
  price,
  removeHref,
  testId,
}: {
  discount: Discount;
  price?: number | null;
  removeHref: string | null;
  testId: string;
}) {
  return (
    <Flex gap="3" align="center" wrap="wrap" data-testid={testId}>
      <Badge color="green" size="2">
        {DISCOUNT_TYPE_LABELS[discount.type]} · {discountLabel(discount)}
      </Badge>
      {price !== undefined && price !== null ? (
        <Text size="2">
          Price after discount: <Text weight="bold">{formatPrice(priceAfterDiscount(price, discount))}</Text>{" "}
          <Text color="gray" className="price-was">
            {formatPrice(price)}
          </Text>
        </Text>
      ) : null}
      {removeHref ? (
        <Button asChild size="1" variant="soft" color="red">
          <Link to={removeHref} preventScrollReset>
            Remove discount
          </Link>
        </Button>
      ) : null}
    </Flex>
  );
}

/**
 * spec 2 §4 Discounts: a single product's discount, or a variation product's discount on all variations (global).
 * Added only when none exists; a product-level discount disables the add button; the global one is refused while any
 * variation has its own.
 */
export function DiscountPanel({
  product,
  canDiscount,
  action,
  reply,
  removeHref,
}: {
  product: ProductEntity;
  canDiscount: boolean;
  action: string;
  reply: SubmissionResult<string[]> | null;
  removeHref: (target: string) => string;
}) {
  const global = product.isVariationAvailable;
  const target = global ? GLOBAL_TARGET : PRODUCT_TARGET;
  const current = effectiveDiscount(product);
  const variantsWithOwn = global ? product.variations.filter((v) => v.isDiscount).length : 0;
  return (
    <Card size="3" className="product-edit-card" data-testid="discount-panel">
      <Heading as="h2" size="4" mb="1">
        {global ? "Discount on all variations" : "Discount"}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {global
          ? "A discount on all variations applies to every variation's price and disables the per-variation discounts."
          : "A flat amount or a percentage taken off the price."}
      </Text>
      {current ? (
        <Flex direction="column" gap="3">
          <CurrentDiscount
            discount={current}
            price={global ? null : product.price}
            removeHref={canDiscount ? removeHref(target) : null}
            testId={`current-discount-${target}`}
          />
          {canDiscount ? (
            // spec 2 §4: a product-level discount disables the add button
            <Box>
              <Button type="button" disabled>
                Add discount
              </Button>
            </Box>
          ) : null}
        </Flex>
      ) : canDiscount ? (
        <>
          {variantsWithOwn > 0 ? (
            <Text as="p" size="2" color="amber" mb="2" data-testid="global-blocked">
              {variantsWithOwn === 1 ? "1 variation has" : `${variantsWithOwn} variations have`} a discount of its own:
              remove it to add a discount on all variations.
            </Text>
          ) : null}
          <DiscountForm
            target={target}
            action={action}
            reply={reply}
            disabled={variantsWithOwn > 0}
            idPrefix={`discount-${target}`}
          />
        </>
      ) : (
        <Text size="2" color="gray">
          No discount.
        </Text>
      )}
    </Card>
  );
}
