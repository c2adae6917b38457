import { Box, Flex } from "@radix-ui/themes";
import type { AttributeDefinition } from "#contract/catalogue/attributes-api";
import type { CategoryRef, CategoryVariation } from "#contract/catalogue/categories-api";
import { ErrorList } from "~/components/form/Field";
import { callApi } from "~/lib/api.client";
import type { FieldErrors } from "./ProductFormHelpers";
import { FieldLabel } from "~/components/form/FieldLabel";
import { RefreshButton } from "~/components/form/RefreshButton";

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

/** The cascade's levels: each select's name (its id is `product-<name>`), label, empty choice and no-JS button. */
const LEVELS = {
  department: { label: "Department", emptyLabel: "Select department", refreshLabel: "Show categories" },
  categories: { label: "Categories", emptyLabel: "Select category", refreshLabel: "Show sub-categories" },
  subcategory: { label: "Sub Category", emptyLabel: "Select sub category", refreshLabel: "Show attributes" },
} as const;

function Select({
  name,
  value,
  options,
  errors,
  onChange,
}: {
  name: keyof typeof LEVELS;
  value: string;
  options: CategoryRef[];
  errors?: string[];
  onChange: (value: string) => void;
}) {
  const id = `product-${name}`;
  const { label, emptyLabel, refreshLabel } = LEVELS[name];
  return (
    <Box mb="3">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
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
        {options.length ? <RefreshButton>{refreshLabel}</RefreshButton> : null}
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
  const level = (name: keyof typeof LEVELS, options: CategoryRef[], choose: (value: string) => Promise<void>) => (
    <Select
      name={name}
      value={state[name]}
      options={options}
      errors={errors[name] ?? undefined}
      onChange={(v) => void choose(v)}
    />
  );
  return (
    <Box className="category-cascade">
      {level("department", departments, chooseDepartment)}
      {level("categories", state.categoryList, chooseCategory)}
      {level("subcategory", state.subcategoryList, chooseSubcategory)}
    </Box>
  );
}
