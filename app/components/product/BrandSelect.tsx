import { Box, Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useMemo, useState } from "react";
import { ImageUpload } from "~/components/form/ImageUpload";
import { ErrorList } from "~/components/form/Field";
import { callApi } from "~/lib/api.client";
import type { FieldErrors } from "./ProductFormHelpers";
import { FieldLabel } from "~/components/form/FieldLabel";

interface BrandOption {
  _id: string;
  name: string;
}

/**
 * The brand (spec 2 §9: the select loads up to 1500 brands): a native select, with JavaScript a filter box over it.
 * "Add brand" (ADR 0013: shop people may add a missing brand) posts a name and a picture to POST brand: with JavaScript
 * at once, without it with the form (intent "addBrand"); the new brand is then chosen.
 */
export function BrandSelect({
  brands: initialBrands,
  value,
  onChange,
  errors,
  newBrand,
}: {
  brands: BrandOption[];
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
  newBrand: { name: string; image: string };
}) {
  const [brands, setBrands] = useState(initialBrands);
  const [filter, setFilter] = useState("");
  const [name, setName] = useState(newBrand.name);
  const [image, setImage] = useState(newBrand.image);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [open, setOpen] = useState(!!(errors.newBrandName || errors.newBrandImage || newBrand.name));
  useEffect(() => setBrands(initialBrands), [initialBrands]);

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? brands.filter((b) => b._id === value || b.name.toLowerCase().includes(f)) : brands;
  }, [brands, filter, value]);

  async function addBrand() {
    setAdding(true);
    setAddError(null);
    try {
      const created = await callApi("POST", "brand", { body: { name, image } });
      setBrands((list) =>
        [...list, { _id: created._id, name: created.name }].sort((a, b) => a.name.localeCompare(b.name)),
      );
      onChange(created._id);
      setName("");
      setImage("");
      setFilter("");
      setOpen(false);
    } catch (e) {
      setAddError(e instanceof Error ? e.message : "Something went wrong");
    } finally {
      setAdding(false);
    }
  }

  return (
    <Box mb="3" className="brand-select">
      <FieldLabel htmlFor="product-brand">Brand</FieldLabel>
      <Flex gap="2" align="center" wrap="wrap">
        <input
          type="search"
          className="product-filter js-only"
          placeholder="Search brand"
          aria-label="Search brand"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <select
          id="product-brand"
          name="brand"
          className="native-select"
          value={value}
          aria-invalid={errors.brand?.length ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Select brand</option>
          {shown.map((b) => (
            <option key={b._id} value={b._id}>
              {b.name}
            </option>
          ))}
        </select>
      </Flex>
      <ErrorList errors={errors.brand} />
      <details className="brand-add" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Add brand</summary>
        <Box mt="2">
          <FieldLabel htmlFor="product-new-brand">Brand name</FieldLabel>
          <TextField.Root
            id="product-new-brand"
            name="newBrandName"
            size="2"
            maxLength={50}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <ErrorList errors={errors.newBrandName} />
          <Box mt="2">
            <ImageUpload
              id="product-new-brand-image"
              name="newBrandImage"
              purpose="catalogueImage"
              defaultValue={image}
              label="Upload brand image"
              error={errors.newBrandImage?.[0]}
              onUploaded={setImage}
              onUploadingChange={setUploading}
            />
          </Box>
          {addError ? (
            <Text size="2" color="red" role="alert">
              {addError}
            </Text>
          ) : null}
          <Flex mt="2" gap="2">
            <Button type="submit" name="intent" value="addBrand" formNoValidate variant="soft" className="no-js-only">
              Add brand
            </Button>
            <Button
              type="button"
              variant="soft"
              className="js-only"
              loading={adding}
              disabled={uploading}
              onClick={() => void addBrand()}
            >
              Add brand
            </Button>
          </Flex>
        </Box>
      </details>
    </Box>
  );
}
