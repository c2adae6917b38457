import { Box, Card, Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { PRODUCT_UI_MSG } from "#contract/products/messages-products-ui";
import {
  PRODUCT_CHECK_INTENT,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SKU_MAX,
  skuPrefix,
} from "#contract/products/products";
import type { ProductEntity } from "#contract/products/products-api";
import type { ProductFormLookups } from "~/services/product-form.server";
import { ErrorList, FormError } from "~/components/form/Field";
import { AttributeFields } from "./AttributeFields";
import { BrandSelect } from "./BrandSelect";
import { CategoryCascade, type CascadeState, type LeafLookups } from "./CategoryCascade";
import { MediaPanel } from "./MediaPanel";
import { asList, rowsOf, skuForName, type FieldErrors, type ProductFormValue } from "./ProductFormHelpers";
import { SizeChartPanel } from "./SizeChartPanel";
import { VariationBuilder } from "./VariationBuilder";
import { submitterOf } from "~/lib/submitter";
import { FieldLabel } from "~/components/form/FieldLabel";
import { SectionCard } from "~/components/layout/SectionCard";
import { RefreshButton } from "~/components/form/RefreshButton";

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <Box mb="3">
      <Text as="p" size="2" weight="medium" mb="1">
        {label}
      </Text>
      <Text as="p" size="2" className="read-only-value">
        {value || "—"}
      </Text>
    </Box>
  );
}

/**
 * The fields of the product form (spec 2 §2 Add New Product and Edit Product, §4 Product form, §5): name, description,
 * tags, department → categories → sub-category, brand, the leaf's attributes, a single product's price, stock and SKU
 * or (Add) the variation table, the media panel and a variation product's size chart. It renders no <form>: the page's
 * form posts it (multipart, so files go with it without JavaScript) with a submit `intent=save`; its helper buttons
 * post other intents that `productFormStep` answers. Edit mode: department, categories, sub-category and SKU are
 * read-only, and the variation table is the Edit page's own. `value`, `errors` and `formErrors` are the page's conform
 * form's (every message of the action's reply at once; a field's message clears once its value changes);
 * `revalidate(name)` clears the message of a value set by script (uploaded media).
 */
export function ProductFields({
  mode,
  product,
  lookups,
  value,
  errors = {},
  formErrors,
  revalidate,
}: {
  mode: "add" | "edit";
  product?: ProductEntity;
  lookups: ProductFormLookups;
  value: ProductFormValue;
  errors?: FieldErrors;
  formErrors?: string[];
  revalidate?: (name: string) => void;
}) {
  const add = mode === "add";
  const [name, setName] = useState(value.name ?? "");
  const [sku, setSku] = useState(value.sku ?? "");
  const [isVariation, setIsVariation] = useState(add ? !!value.isVariationAvailable : !!product?.isVariationAvailable);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [cascade, setCascade] = useState<CascadeState>({
    department: value.department ?? "",
    categories: value.categories ?? "",
    subcategory: value.subcategory ?? "",
    categoryList: lookups.categories,
    subcategoryList: lookups.subcategories,
  });
  const [leaf, setLeaf] = useState<LeafLookups>({ attributes: lookups.attributes, variations: lookups.variations });
  // a new leaf remounts the attributes and the variation table (their values belong to the old one)
  const [leafKey, setLeafKey] = useState(0);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [brand, setBrand] = useState(value.brand ?? "");
  const [guard, setGuard] = useState<string | null>(null);
  const uploads = useRef(0);
  const anchor = useRef<HTMLInputElement>(null);
  const onUploadingChange = (busy: boolean) => {
    uploads.current += busy ? 1 : -1;
  };
  // new media answer the media panel's message
  const onMediaUploading = (busy: boolean) => {
    onUploadingChange(busy);
    if (!busy) revalidate?.("images");
  };

  // spec 2 §5: with JavaScript the Save waits for uploads and refuses a variation table changed since "Save variations"
  useEffect(() => {
    const form = anchor.current?.form;
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      const submitter = submitterOf(event);
      // a helper step: not a save (Save posts the check first, spec 2 §4)
      const saving = submitter?.value === "save" || submitter?.value === PRODUCT_CHECK_INTENT;
      if (submitter?.name === "intent" && !saving) return;
      setGuard(null);
      if (uploads.current > 0) {
        event.preventDefault();
        return;
      }
      const variation = form.elements.namedItem("isVariationAvailable");
      const saved = form.elements.namedItem("variationsSaved");
      const hasRows = !!form.querySelector('input[name$="].variant"]');
      if (
        add &&
        variation instanceof HTMLInputElement &&
        variation.checked &&
        saved instanceof HTMLInputElement &&
        hasRows &&
        saved.value !== "true"
      ) {
        event.preventDefault();
        setGuard(PRODUCT_UI_MSG.saveVariationsFirst);
      }
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [add]);

  function changeName(next: string) {
    setName(next);
    // spec 2 §4: the SKU follows the name's first 3 letters
    if (add && skuPrefix(next) !== skuPrefix(name)) setSku(skuForName(sku, next));
  }

  function toggleVariations(on: boolean) {
    setToggleError(null);
    // spec 2 §4: toggling needs a product name first, and clears department, categories and sub-category
    if (!name.trim()) {
      setToggleError(PRODUCT_UI_MSG.productNameFirst);
      return;
    }
    setIsVariation(on);
    setCascade((c) => ({
      ...c,
      department: "",
      categories: "",
      subcategory: "",
      categoryList: [],
      subcategoryList: [],
    }));
    setLeaf({ attributes: [], variations: [] });
    setLeafKey((k) => k + 1);
  }

  const fieldErrors = (key: string) => errors[key];
  const shownFormErrors = [...(guard ? [guard] : []), ...(formErrors ?? [])];

  return (
    <Flex direction="column" gap="4" className="product-fields">
      <input ref={anchor} type="hidden" name="mode" value={mode} />
      <SectionCard title="Basic information">
        <Box mb="3">
          <FieldLabel htmlFor="product-name">Product Name</FieldLabel>
          <TextField.Root
            id="product-name"
            name="name"
            size="3"
            maxLength={PRODUCT_NAME_MAX}
            value={name}
            onChange={(e) => changeName(e.target.value)}
            aria-invalid={fieldErrors("name") ? true : undefined}
          />
          <ErrorList errors={fieldErrors("name")} />
        </Box>
        <Box mb="3">
          <FieldLabel htmlFor="product-description">Description</FieldLabel>
          <TextArea
            id="product-description"
            name="description"
            size="3"
            rows={4}
            maxLength={PRODUCT_DESCRIPTION_MAX}
            defaultValue={value.description}
            aria-invalid={fieldErrors("description") ? true : undefined}
          />
          <ErrorList errors={fieldErrors("description")} />
        </Box>
        <Box mb="3">
          <FieldLabel htmlFor="product-tags">Tags</FieldLabel>
          <TextField.Root
            id="product-tags"
            name="tags"
            size="3"
            defaultValue={value.tags}
            placeholder="Comma-separated, e.g. summer, cotton"
          />
          <ErrorList errors={fieldErrors("tags")} />
        </Box>
      </SectionCard>

      {add ? (
        <SectionCard title="Pricing">
          <Flex align="center" gap="2" mb="3" wrap="wrap">
            <label className="choice toggle">
              <input
                type="checkbox"
                name="isVariationAvailable"
                checked={isVariation}
                onChange={(e) => toggleVariations(e.currentTarget.checked)}
              />
              Has variations
            </label>
            <RefreshButton size="1">Apply</RefreshButton>
          </Flex>
          <ErrorList errors={[...(toggleError ? [toggleError] : []), ...(fieldErrors("isVariationAvailable") ?? [])]} />
          {isVariation ? null : <SinglePricing value={value} sku={sku} errors={errors} />}
          {isVariation ? (
            <Text as="p" size="2" color="gray">
              Each variation has its own SKU, stock, price and image: choose the sub-category, then build the table
              below.
            </Text>
          ) : null}
        </SectionCard>
      ) : null}

      <SectionCard title="Categories, brand and attributes">
        {add ? (
          <CategoryCascade
            departments={lookups.departments}
            state={cascade}
            errors={errors}
            onChange={setCascade}
            onLeaf={(next) => {
              setLeaf(next);
              setLeafKey((k) => k + 1);
            }}
            onFailure={setLookupError}
          />
        ) : (
          <>
            <ReadOnly label="Department" value={product?.department?.name ?? ""} />
            <ReadOnly label="Categories" value={product?.categories?.name ?? ""} />
            <ReadOnly label="Sub Category" value={product?.subcategory?.name ?? ""} />
          </>
        )}
        {lookupError ? (
          <Text as="p" size="2" color="red" role="alert">
            {lookupError}
          </Text>
        ) : null}
        <BrandSelect
          brands={lookups.brands}
          value={brand}
          onChange={setBrand}
          errors={errors}
          newBrand={{ name: value.newBrandName ?? "", image: value.newBrandImage ?? "" }}
        />
        <AttributeFields
          key={`attr-${leafKey}`}
          attributes={leaf.attributes}
          values={value.attr ?? {}}
          errors={errors}
        />
      </SectionCard>

      {!add && !isVariation ? (
        <SectionCard title="Pricing">
          <SinglePricing value={value} sku={sku} errors={errors} />
        </SectionCard>
      ) : null}

      {add && isVariation ? (
        <SectionCard title="Variations">
          <VariationBuilder
            key={`var-${leafKey}`}
            variations={leaf.variations}
            initial={{
              dimensions: asList(value.dimensions),
              dimensionValues: Object.fromEntries(
                Object.entries(value.dimensionValues ?? {}).map(([d, v]) => [d, asList(v)]),
              ),
              rows: rowsOf(value),
              saved: value.variationsSaved === "true",
            }}
            productSku={sku}
            errors={errors}
            onUploadingChange={onUploadingChange}
          />
        </SectionCard>
      ) : null}

      <Card size="3">
        <MediaPanel
          images={asList(value.images)}
          videos={asList(value.videos)}
          errors={fieldErrors("images") ?? undefined}
          // spec 2 §5: on the Edit page a file of the wrong type is 'Uploaded File Is Not A Valid Image File'
          typeMessage={add ? undefined : PRODUCT_UI_MSG.editImageInvalid}
          onUploadingChange={onMediaUploading}
        />
      </Card>

      {isVariation ? (
        <Card size="3">
          <SizeChartPanel
            value={value.sizeChartImage ?? ""}
            error={fieldErrors("sizeChartImage")?.[0]}
            onUploadingChange={onUploadingChange}
          />
        </Card>
      ) : null}

      <FormError errors={shownFormErrors.length ? shownFormErrors : null} />
    </Flex>
  );
}

function SinglePricing({ value, sku, errors }: { value: ProductFormValue; sku: string; errors: FieldErrors }) {
  return (
    <Flex gap="3" wrap="wrap" className="single-pricing">
      <PricingCell
        label="Price ($)"
        name="price"
        errors={errors.price}
        inputMode="decimal"
        defaultValue={value.price}
      />
      <PricingCell label="Stock" name="stock" errors={errors.stock} inputMode="numeric" defaultValue={value.stock} />
      <PricingCell label="SKU" name="sku" errors={errors.sku} readOnly maxLength={PRODUCT_SKU_MAX} value={sku} />
    </Flex>
  );
}

/** One cell of a single product's pricing: label, input (`product-<name>`) and its errors; a read-only one is not marked invalid. */
function PricingCell({
  label,
  name,
  errors,
  ...input
}: { label: string; name: "price" | "stock" | "sku"; errors?: string[] | null } & Omit<
  ComponentProps<typeof TextField.Root>,
  "children" | "id" | "name" | "size"
>) {
  return (
    <Box style={{ flex: "1 1 160px" }}>
      <FieldLabel htmlFor={`product-${name}`}>{label}</FieldLabel>
      <TextField.Root
        id={`product-${name}`}
        name={name}
        size="3"
        aria-invalid={errors && !input.readOnly ? true : undefined}
        {...input}
      />
      <ErrorList errors={errors} />
    </Box>
  );
}
