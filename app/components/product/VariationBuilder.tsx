import { Box, Button, Flex, Table, Text } from "@radix-ui/themes";
import { useState, type MouseEvent } from "react";
import type { CategoryVariation } from "#contract/catalogue/categories-api";
import { PRODUCT_UI_MSG } from "#contract/products/messages-products-ui";
import { VARIATION_DIMENSIONS_MAX, VARIATION_IMAGE_PURPOSE, VARIATION_ROWS_MIN } from "#contract/products/products";
import { ImageUpload } from "~/components/form/ImageUpload";
import { ErrorList } from "~/components/form/Field";
import { makeRows, variationSku, type FieldErrors, type VariationRowDraft } from "./ProductFormHelpers";

/** A row's problems before it is saved (spec 2 §5 Variation rows). */
function rowProblems(rows: VariationRowDraft[]) {
  const errors: FieldErrors = {};
  if (rows.length < VARIATION_ROWS_MIN) errors.variations = [PRODUCT_UI_MSG.variationRowsMin];
  rows.forEach((r, i) => {
    if (!r.sku.trim()) errors[`variations[${i}].sku`] = [PRODUCT_UI_MSG.variationSkuRequired];
    if (!r.stock.trim()) errors[`variations[${i}].stock`] = [PRODUCT_UI_MSG.variationStockRequired];
    if (!r.price.trim()) errors[`variations[${i}].price`] = [PRODUCT_UI_MSG.variationPriceRequired];
    if (!r.image.trim()) errors[`variations[${i}].image`] = [PRODUCT_UI_MSG.variationImageRequired];
  });
  return errors;
}

/**
 * The variation table of the Add page (spec 2 §4, §5): up to 2 dimensions from the leaf's variations, their values, and a
 * row per combination (joined with `_`) with SKU, stock, price and image. Without JavaScript "Make rows" and "Remove" post
 * the form (intents "makeRows", "removeRow:i") and the table comes back as a multi-row form (`variations[i].sku`…), each
 * row's image a file input posted with it. With JavaScript the table changes in place and "Save variations" checks it;
 * the form's Save refuses a table changed since ('Please Click to Save Changes on Variations', see ProductFields).
 */
export function VariationBuilder({
  variations,
  initial,
  productSku,
  errors,
  onUploadingChange,
}: {
  variations: CategoryVariation[];
  initial: {
    dimensions: string[];
    dimensionValues: Record<string, string[]>;
    rows: VariationRowDraft[];
    saved: boolean;
  };
  productSku: string;
  errors: FieldErrors;
  onUploadingChange?: (busy: boolean) => void;
}) {
  const [dims, setDims] = useState(initial.dimensions);
  const [values, setValues] = useState(initial.dimensionValues);
  const [rows, setRows] = useState(initial.rows);
  const [saved, setSaved] = useState(initial.saved);
  const [local, setLocal] = useState<FieldErrors | null>(null);
  // the row fields changed since the last check: their messages are gone until the next one
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const [hint, setHint] = useState<string | null>(null);
  const checked = local ?? errors;
  const shownErrors: FieldErrors = Object.fromEntries(Object.entries(checked).filter(([name]) => !changed.has(name)));

  function change(next: VariationRowDraft[] | ((current: VariationRowDraft[]) => VariationRowDraft[])) {
    setRows(next);
    setSaved(false);
  }
  function toggleDim(name: string, on: boolean) {
    setHint(null);
    if (on && dims.length >= VARIATION_DIMENSIONS_MAX) return setHint(PRODUCT_UI_MSG.variationDimensionsMax);
    setDims(on ? [...dims, name] : dims.filter((d) => d !== name));
  }
  function toggleValue(dim: string, value: string, on: boolean) {
    const list = values[dim] ?? [];
    setValues({ ...values, [dim]: on ? [...list, value] : list.filter((v) => v !== value) });
  }
  function build(event: MouseEvent) {
    event.preventDefault();
    setLocal(null);
    setChanged(new Set());
    change(makeRows(dims, values, rows, (variant) => variationSku(productSku, variant)));
  }
  function remove(event: MouseEvent, index: number) {
    event.preventDefault();
    setLocal(null);
    setChanged(new Set());
    change(rows.filter((_, i) => i !== index));
  }
  function save() {
    const problems = rowProblems(rows);
    setLocal(problems);
    setChanged(new Set());
    if (Object.keys(problems).length === 0) setSaved(true);
  }
  const setField = (index: number, field: "sku" | "price" | "stock" | "image", value: string) => {
    // from the current rows: an upload ends after other fields were typed, and keeps them
    change((current) => current.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
    setChanged((names) => new Set(names).add(`variations[${index}].${field}`));
  };

  if (!variations.length) {
    return (
      <Text as="p" size="2" color="gray" data-testid="no-variations">
        Choose a sub-category that has variations to build the variation table.
      </Text>
    );
  }
  const chosen = dims.slice(0, VARIATION_DIMENSIONS_MAX);
  return (
    <Box className="variation-builder" data-testid="variation-builder">
      <input type="hidden" name="variationsSaved" value={saved ? "true" : "false"} />
      <fieldset className="choice-group">
        <legend>Variations (at most 2)</legend>
        <Flex gap="3" wrap="wrap">
          {variations.map((v) => (
            <label key={v._id} className="choice">
              <input
                type="checkbox"
                name="dimensions"
                value={v.name}
                checked={dims.includes(v.name)}
                onChange={(e) => toggleDim(v.name, e.currentTarget.checked)}
              />
              {v.label || v.name}
              <input type="hidden" name={`dimensionMeta.${v.name}`} value={`${v._id}|${v.dataType}`} />
            </label>
          ))}
        </Flex>
      </fieldset>
      <ErrorList errors={[...(hint ? [hint] : []), ...(shownErrors.dimensions ?? [])]} />
      {variations.map((v) => (
        <fieldset
          key={v._id}
          className="choice-group dimension-values"
          data-chosen={dims.includes(v.name) || undefined}
        >
          <legend>{v.label || v.name}</legend>
          <Flex gap="3" wrap="wrap">
            {v.list.map((o) => (
              <label key={o} className="choice">
                <input
                  type="checkbox"
                  name={`dimensionValues.${v.name}`}
                  value={o}
                  checked={(values[v.name] ?? []).includes(o)}
                  onChange={(e) => toggleValue(v.name, o, e.currentTarget.checked)}
                />
                {o}
              </label>
            ))}
          </Flex>
        </fieldset>
      ))}
      <Button type="submit" name="intent" value="makeRows" formNoValidate variant="soft" onClick={build}>
        Make rows
      </Button>
      {rows.length ? (
        <Table.Root variant="surface" size="1" mt="3" className="variation-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Variant</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>SKU</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Stock</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Price ($)</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Image</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>
                <span className="visually-hidden">Remove</span>
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r, i) => {
              const p = `variations[${i}]`;
              const err = (f: string) => shownErrors[`${p}.${f}`];
              return (
                <Table.Row key={r.variant} data-variant={r.variant}>
                  <Table.Cell>
                    <input type="hidden" name={`${p}.variant`} value={r.variant} />
                    {Object.entries(r.details).map(([d, v]) => (
                      <input key={d} type="hidden" name={`${p}.details.${d}`} value={v} />
                    ))}
                    <Text weight="medium">{r.variant}</Text>
                    <ErrorList errors={err("variant")} />
                  </Table.Cell>
                  <Table.Cell>
                    <input
                      className="product-input"
                      name={`${p}.sku`}
                      aria-label={`SKU of ${r.variant}`}
                      maxLength={40}
                      value={r.sku}
                      onChange={(e) => setField(i, "sku", e.target.value)}
                      aria-invalid={err("sku") ? true : undefined}
                    />
                    <ErrorList errors={err("sku")} />
                  </Table.Cell>
                  <Table.Cell>
                    <input
                      className="product-input narrow"
                      name={`${p}.stock`}
                      aria-label={`Stock of ${r.variant}`}
                      inputMode="numeric"
                      value={r.stock}
                      onChange={(e) => setField(i, "stock", e.target.value)}
                      aria-invalid={err("stock") ? true : undefined}
                    />
                    <ErrorList errors={err("stock")} />
                  </Table.Cell>
                  <Table.Cell>
                    <input
                      className="product-input narrow"
                      name={`${p}.price`}
                      aria-label={`Price of ${r.variant}`}
                      inputMode="decimal"
                      value={r.price}
                      onChange={(e) => setField(i, "price", e.target.value)}
                      aria-invalid={err("price") ? true : undefined}
                    />
                    <ErrorList errors={err("price")} />
                  </Table.Cell>
                  <Table.Cell>
                    <Flex gap="2" align="center">
                      {r.image ? <img className="variation-thumb" src={r.image} alt={`Image of ${r.variant}`} /> : null}
                      <ImageUpload
                        id={`variation-image-${i}`}
                        name={`${p}.image`}
                        purpose={VARIATION_IMAGE_PURPOSE}
                        defaultValue={r.image}
                        label={r.image ? "Change" : "Add image"}
                        onUploaded={(url) => setField(i, "image", url)}
                        onUploadingChange={onUploadingChange}
                      />
                    </Flex>
                    <ErrorList errors={err("image")} />
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      type="submit"
                      name="intent"
                      value={`removeRow:${i}`}
                      formNoValidate
                      variant="ghost"
                      color="red"
                      size="1"
                      onClick={(e) => remove(e, i)}
                    >
                      Remove
                    </Button>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      ) : null}
      <ErrorList errors={shownErrors.variations} />
      {chosen.length && rows.length ? (
        <Flex gap="2" align="center" mt="2" className="js-only">
          <Button type="button" variant="soft" color="green" onClick={save}>
            Save variations
          </Button>
          {saved ? (
            <Text size="2" color="green" role="status">
              Variations saved
            </Text>
          ) : null}
        </Flex>
      ) : null}
    </Box>
  );
}
