import { Box, Button, Flex, Text } from "@radix-ui/themes";
import type { AttributeDefinition } from "#contract/catalogue/attributes-api";
import type { CategoryRef, CategoryVariation } from "#contract/catalogue/categories-api";
import { ErrorList } from "~/components/form/Field";
import { callApi } from "~/lib/api.client";
import type { FieldErrors } from "./ProductFormHelpers";

export interface CascadeState {
  department: string;
  categories: string;
  subcategory: string;
  categoryList: CategoryRef[];
  subcategoryList: CategoryRef[];
}

export interface LeafLookups {
  attributes: AttributeDefinition[];
  variations: CategoryVariation[];
}

const children = async (parent: string) =>
  (
    await callApi("POST", "category/list", { query: { limit: 100, sort: "name", sortType: "asc" }, body: { parent } })
  ).map(({ _id, name }) => ({ _id, name }));

/** A leaf's attributes (GET attr/multiple, spec 2 §3 Attribute definition) and variations (GET category/{id}). */
export async function loadLeaf(subcategory: string): Promise<LeafLookups> {
  const leaf = await callApi("GET", `category/${encodeURIComponent(subcategory)}`);
  const ids = (leaf.attr ?? []).map((a) => a._id);
  const attributes = ids.length ? await callApi("GET", "attr/multiple", { query: { id: ids.join(",") } }) : [];
  return { attributes, variations: leaf.variations ?? [] };
}

function Select({
  id,
  name,
  label,
  value,
  options,
  emptyLabel,
  errors,
  onChange,
  refreshLabel,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: CategoryRef[];
  emptyLabel: string;
  errors?: string[];
  onChange: (value: string) => void;
  refreshLabel?: string;
}) {
  return (
    <Box mb="3">
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: "block" }}>
        {label}
      </Text>
      <Flex gap="2" align="center">
        <select
          id={id}
          name={name}
          className="native-select"
          value={value}
          disabled={!options.length}
          aria-invalid={errors?.length ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{emptyLabel}</option>
          {options.map((o) => (
            <option key={o._id} value={o._id}>
              {o.name}
            </option>
          ))}
        </select>
        {refreshLabel && options.length ? (
          <Button
            type="submit"
            name="intent"
            value="refresh"
            formNoValidate
            variant="soft"
            size="2"
            className="no-js-only"
          >
            {refreshLabel}
          </Button>
        ) : null}
      </Flex>
      <ErrorList errors={errors} />
    </Box>
  );
}

/**
 * Department → category → sub-category (spec 2 §4 Product form). With JavaScript each choice loads the next level (and a
 * leaf its attributes and variations); without it "Show categories", "Show sub-categories" and "Show attributes" post the
 * form (intent "refresh") and the page renders it again with everything typed kept.
 */
export function CategoryCascade({
  departments,
  state,
  errors,
  onChange,
  onLeaf,
  onFailure,
}: {
  departments: CategoryRef[];
  state: CascadeState;
  errors: FieldErrors;
  onChange: (next: CascadeState) => void;
  onLeaf: (leaf: LeafLookups) => void;
  onFailure: (message: string | null) => void;
}) {
  async function chooseDepartment(department: string) {
    onChange({ department, categories: "", subcategory: "", categoryList: [], subcategoryList: [] });
    onLeaf({ attributes: [], variations: [] });
    onFailure(null);
    if (!department) return;
    try {
      onChange({
        department,
        categories: "",
        subcategory: "",
        categoryList: await children(department),
        subcategoryList: [],
      });
    } catch (e) {
      onFailure(e instanceof Error ? e.message : null);
    }
  }
  async function chooseCategory(categories: string) {
    onChange({ ...state, categories, subcategory: "", subcategoryList: [] });
    onLeaf({ attributes: [], variations: [] });
    onFailure(null);
    if (!categories) return;
    try {
      onChange({ ...state, categories, subcategory: "", subcategoryList: await children(categories) });
    } catch (e) {
      onFailure(e instanceof Error ? e.message : null);
    }
  }
  async function chooseSubcategory(subcategory: string) {
    onChange({ ...state, subcategory });
    onLeaf({ attributes: [], variations: [] });
    onFailure(null);
    if (!subcategory) return;
    try {
      onLeaf(await loadLeaf(subcategory));
    } catch (e) {
      onFailure(e instanceof Error ? e.message : null);
    }
  }
  return (
    <Box className="category-cascade">
      <Select
        id="product-department"
        name="department"
        label="Department"
        value={state.department}
        options={departments}
        emptyLabel="Select department"
        errors={errors.department ?? undefined}
        onChange={(v) => void chooseDepartment(v)}
        refreshLabel="Show categories"
      />
      <Select
        id="product-categories"
        name="categories"
        label="Categories"
        value={state.categories}
        options={state.categoryList}
        emptyLabel="Select category"
        errors={errors.categories ?? undefined}
        onChange={(v) => void chooseCategory(v)}
        refreshLabel="Show sub-categories"
      />
      <Select
        id="product-subcategory"
        name="subcategory"
        label="Sub Category"
        value={state.subcategory}
        options={state.subcategoryList}
        emptyLabel="Select sub category"
        errors={errors.subcategory ?? undefined}
        onChange={(v) => void chooseSubcategory(v)}
        refreshLabel="Show attributes"
      />
    </Box>
  );
}
