import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Badge, Box, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import type { ReactNode } from "react";
import type { AttributeEntity } from "#contract/catalogue/attributes-api";
import { LEVEL_NAMES } from "#contract/catalogue/categories";
import type { CategoryDetails, CategoryRow } from "#contract/catalogue/categories-api";
import { categoryNameFormSchema, commissionFormSchema, taxFormSchema } from "#contract/catalogue/categories-api";
import { MSG } from "#contract/core/messages";
import { apiFor, pageNotFound } from "~/services/api.server";
import { addCategory, readCategoryForm, type CategoryFormReply } from "~/services/category.server";
import { handleIntent, replyWithApiRefusal } from "~/services/forms.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref } from "~/lib/url-state";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { useFormKit, useFreshKey } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { DataTable, type Column } from "~/components/table/DataTable";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { GeneralError } from "~/components/layout/GeneralError";
import { AddCategoryForm, CategoryThumb } from "~/components/catalogue/CategoryForms";
import { categoryNameColumn, deleteBlockedReason } from "~/components/catalogue/CategoryColumns";
import tableCss from "~/styles/table.css?url";
import settingsCss from "~/styles/settings.css?url";
import catalogueCss from "~/styles/catalogue.css?url";
import { PictureSaveForm } from "~/components/form/PictureSaveForm";

// spec 2 §2: the sub-category screen of the category list (admin-only, spec 2 §6)
export const handle = { roles: ["admin"] as const, title: "Categories" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.category ? `${data.category.name} · Categories` : "Categories" },
];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: settingsCss },
  { rel: "stylesheet", href: catalogueCss },
];

/** Enough managed attributes to choose from in one go (the admin adds them on /app/attributes). */
const ATTRIBUTE_CHOICES = { limit: 100, sort: "name", sortType: "asc" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const result = await api.get(`category/${encodeURIComponent(params.id ?? "")}`);
  if (result.httpStatus === 404) throw pageNotFound();
  if (!result.success) throw json({ message: result.message }, { status: result.httpStatus });
  const category = result.data;
  let loaded: Choice[] = [];
  if (category.isLeaf) {
    const attrs = await api.get("attr", ATTRIBUTE_CHOICES);
    // spec 2 §8: a failed load of attributes clears the data and shows nothing
    loaded = attrs.success ? attrs.data : [];
  }
  const choices = category.isLeaf ? withChosen(loaded, category) : [];
  return json({ category, choices }, { headers: api.headers });
}

/** An attribute the leaf's sections offer. */
type Choice = Pick<AttributeEntity, "_id" | "name" | "label" | "type" | "list" | "unit" | "isForVariation">;

/**
 * The loaded attributes plus whatever the leaf already uses that was not among them (past the first 100, or
 * when the load failed): a save sends every box on the form, so a chosen attribute must always have one.
 */
function withChosen(loaded: Choice[], category: CategoryDetails): Choice[] {
  const byId = new Map(loaded.map((a) => [a._id, a]));
  for (const a of category.attr) if (!byId.has(a._id)) byId.set(a._id, { ...a, isForVariation: false });
  for (const v of category.variations) {
    const known = byId.get(v._id);
    byId.set(
      v._id,
      known
        ? { ...known, isForVariation: true }
        : {
            _id: v._id,
            name: v.name,
            label: v.label,
            type: v.dataType,
            list: v.list,
            unit: null,
            isForVariation: true,
          },
    );
  }
  return [...byId.values()];
}

type ActionData = CategoryFormReply | { intent: "attr" | "variations" | "image"; error: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const id = params.id ?? "";
  const here = `/app/${id}/sub-category`;
  const path: `category/${string}` = `category/${encodeURIComponent(id)}`;
  const form = await readCategoryForm(request, api);
  const { formData } = form;
  const done = (result: { success: boolean; message: string }) =>
    redirectWithToast(here, { type: result.success ? "success" : "error", message: result.message }, api.headers);
  const refused = (intent: "attr" | "variations" | "image", error: string, status = 400) =>
    json<ActionData>({ intent, error }, { status, headers: api.headers });
  const image = async (location: string) => {
    if (form.fileErrors.image) return refused("image", form.fileErrors.image);
    if (!location) return refused("image", MSG.catalogueImageType);
    const result = await api.put(path, { id, image: location });
    return result.success ? done(result) : refused("image", result.message, result.httpStatus);
  };
  const percentOrName = async (
    intent: "rename" | "tax" | "commission",
    schema: typeof categoryNameFormSchema | typeof taxFormSchema | typeof commissionFormSchema,
  ) => {
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success")
      return json<ActionData>({ intent, result: submission.reply() }, { status: 400, headers: api.headers });
    const result = await api.put(path, { id, ...submission.value });
    if (!result.success)
      return json<ActionData>(
        { intent, result: replyWithApiRefusal(submission, result, Object.keys(submission.value)) },
        { status: result.httpStatus, headers: api.headers },
      );
    return done(result);
  };

  return handleIntent<Response>(
    formData,
    {
      add: () => addCategory(api, form, { parent: id, back: here }),
      image: () => image(String(formData.get("image") ?? "")),
      "remove-image": () => image("null"),
      rename: () => percentOrName("rename", categoryNameFormSchema),
      tax: () => percentOrName("tax", taxFormSchema),
      commission: () => percentOrName("commission", commissionFormSchema),
      attr: async () => {
        // each chosen attribute, with the unit typed beside it (number attributes)
        const attr = formData.getAll("attr").map((value) => ({
          _id: String(value),
          unit: String(formData.get(`unit.${String(value)}`) ?? "").trim() || undefined,
        }));
        if (!attr.length) return refused("attr", MSG.attrRequired);
        const result = await api.put(path, { id, attr });
        return result.success ? done(result) : refused("attr", result.message, result.httpStatus);
      },
      variations: async () => {
        const main = String(formData.get("main") ?? "");
        const variations = formData
          .getAll("variations")
          .map((value) => ({ _id: String(value), isMainSelected: String(value) === main }));
        if (!variations.length) return refused("variations", MSG.variationRequired);
        const result = await api.put(path, { id, variations });
        return result.success ? done(result) : refused("variations", result.message, result.httpStatus);
      },
      delete: async () => {
        const parent = (await api.get(path)).data?.parent;
        const result = await api.delete(path);
        if (!result.success) return redirectWithToast(here, { type: "error", message: result.message }, api.headers);
        return redirectWithToast(
          parent ? `/app/${parent}/sub-category` : "/app/category",
          { type: "success", message: result.message },
          api.headers,
        );
      },
    },
    () => redirectWithToast(here, { type: "error", message: MSG.somethingWrong }, api.headers),
  );
}

/** The sub-category's two percentages, each its own form. */
const PERCENT_SECTIONS = [
  {
    intent: "tax",
    title: "Tax",
    label: "Tax (%)",
    hint: MSG.taxRange,
    note: "Charged on products in this sub-category.",
  },
  {
    intent: "commission",
    title: "Commission",
    label: "Commission (%)",
    hint: MSG.commissionRange,
    note: "The platform's default for this sub-category; a shop's own commission overrides it.",
  },
] as const;

type Answer = SerializeFrom<typeof action> | undefined;

const replyFor = (data: Answer, intent: string) =>
  data && "result" in data && data.intent === intent ? data.result : undefined;
const errorFor = (data: Answer, intent: string) =>
  data && "error" in data && data.intent === intent ? data.error : null;

export default function SubCategory() {
  const { category, choices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const closeHref = closeOverlayHref(location);
  const levelName = LEVEL_NAMES[category.level];
  const childName = category.level === 0 ? "Category" : "Sub Category";

  return (
    <Box>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/app/category">Categories</Link>
          </li>
          {category.ancestors.map((a) => (
            <li key={a._id}>
              <Link to={`/app/${a._id}/sub-category`}>{a.name}</Link>
            </li>
          ))}
          <li aria-current="page">{category.name}</li>
        </ol>
      </nav>

      <CategoryHeader category={category} levelName={levelName} actionData={actionData} />

      {category.isLeaf ? (
        <div className="category-sections">
          <AttributesSection category={category} choices={choices} error={errorFor(actionData, "attr")} />
          <VariationsSection
            category={category}
            choices={choices.filter((a) => a.isForVariation)}
            error={errorFor(actionData, "variations")}
          />
          {PERCENT_SECTIONS.map((section) => (
            <PercentSection
              key={section.intent}
              record={category._id}
              {...section}
              value={category[section.intent]}
              lastResult={replyFor(actionData, section.intent)}
            />
          ))}
        </div>
      ) : (
        <ChildrenSection category={category} childName={childName} lastResult={replyFor(actionData, "add")} />
      )}

      <ConfirmDialog
        open={params.get("confirm") === "delete"}
        title={`Delete ${levelName.toLowerCase()}`}
        description={
          <>
            Are you sure you want to delete <strong>{category.name}</strong>? This cannot be undone.
          </>
        }
        cancelHref={closeHref}
        fields={{ intent: "delete" }}
        confirmLabel="Delete"
        blocked={deleteBlockedReason(category)}
      />
      <ConfirmDialog
        open={params.get("confirm") === "remove-image"}
        title="Remove image"
        description={`Are you sure you want to remove the image of ${category.name}?`}
        cancelHref={closeHref}
        fields={{ intent: "remove-image" }}
        confirmLabel="Remove"
      />
    </Box>
  );
}

function CategoryHeader({
  category,
  levelName,
  actionData,
}: {
  category: CategoryDetails;
  levelName: string;
  actionData: Answer;
}) {
  const navigation = useNavigation();
  // keyed by the category: moving to a child never carries this one's name along
  const { form, fields, key } = useFormKit({
    id: "rename",
    record: category._id,
    lastResult: replyFor(actionData, "rename"),
    defaultValue: { name: category.name },
  });
  const imageKey = useFreshKey("image", category._id, errorFor(actionData, "image"));
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "rename";
  const blocked = deleteBlockedReason(category);
  return (
    <Card size="3" mb="4">
      <Flex gap="5" wrap="wrap" align="start">
        <Flex direction="column" gap="2" align="start">
          <CategoryThumb image={category.image} name={category.name} size={112} />
          <PictureSaveForm
            key={imageKey}
            id="category-image"
            purpose="catalogueImage"
            value={category.image}
            label="Change image"
            error={errorFor(actionData, "image")}
          />
          {category.image ? (
            <Button asChild size="1" variant="soft" color="red">
              <Link to="?confirm=remove-image" preventScrollReset>
                Remove image
              </Link>
            </Button>
          ) : null}
        </Flex>
        <Flex direction="column" gap="3" style={{ flex: 1, minWidth: 260 }}>
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h1" size="6">
              {category.name}
            </Heading>
            <Badge variant="soft">{levelName}</Badge>
          </Flex>
          <Text size="2" color="gray">
            {category.level === 0
              ? `${category.shopCount} ${category.shopCount === 1 ? "shop sells" : "shops sell"} in this department. `
              : ""}
            Created {formatDate(category.createdAt)}.
          </Text>
          <Form key={key} method="post" {...getFormProps(form)} className="settings-form">
            <input type="hidden" name="intent" value="rename" />
            <Field label="Name" field={fields.name} inputProps={{ maxLength: 50 }} />
            <FormError id={form.errorId} errors={form.errors} />
            <Flex gap="3" align="center" wrap="wrap">
              <Button type="submit" variant="soft" loading={busy}>
                Save name
              </Button>
              {blocked ? (
                // in use: no way to a confirmation it would refuse; the reason instead
                <>
                  <Button type="button" variant="soft" color="red" disabled aria-describedby="delete-blocked">
                    Delete {levelName.toLowerCase()}
                  </Button>
                  <Text id="delete-blocked" size="2" color="gray">
                    {blocked}
                  </Text>
                </>
              ) : (
                <Button asChild variant="soft" color="red">
                  <Link to="?confirm=delete" preventScrollReset>
                    Delete {levelName.toLowerCase()}
                  </Link>
                </Button>
              )}
            </Flex>
          </Form>
        </Flex>
      </Flex>
    </Card>
  );
}

function ChildrenSection({
  category,
  childName,
  lastResult,
}: {
  category: CategoryDetails;
  childName: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const columns: Column<CategoryRow>[] = [
    categoryNameColumn("Name"),
    { key: "level", header: "Level", cell: (c) => LEVEL_NAMES[c.level] },
    // a department's children are categories, which have sub-categories of their own
    ...(category.level === 0
      ? [{ key: "children", header: "Sub-categories", align: "right" as const, cell: (c: CategoryRow) => c.childCount }]
      : []),
    { key: "createdAt", header: "Created", cell: (c) => formatDate(c.createdAt) },
  ];
  return (
    <div className="category-sections">
      <Card size="3" className="category-section-wide">
        <Heading as="h2" size="4" mb="3">
          {category.level === 0 ? "Categories" : "Sub-categories"} ({category.children.length})
        </Heading>
        <DataTable
          label={`Children of ${category.name}`}
          columns={columns}
          rows={category.children}
          rowKey={(c) => c._id}
          defaultSort={{ sort: "name", sortType: "asc" }}
          empty={
            <Text as="p" size="2" color="gray" my="4">
              Nothing here yet: add the first one below.
            </Text>
          }
        />
      </Card>
      <Card size="3" className="category-section-wide">
        <Heading as="h2" size="4" mb="3">
          Add {childName}
        </Heading>
        <AddCategoryForm
          id="add-child"
          record={category._id}
          nameLabel={`${childName} Name`}
          submitLabel={`Add ${childName}`}
          lastResult={lastResult}
        />
      </Card>
    </div>
  );
}

function SectionCard({
  record,
  title,
  intent,
  note,
  error,
  children,
  submitLabel,
}: {
  record: string;
  title: string;
  intent: string;
  note: ReactNode;
  error: string | null;
  children: ReactNode;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const key = useFreshKey(intent, record, error);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Card size="3">
      <Form key={key} method="post" aria-labelledby={`${intent}-title`}>
        <input type="hidden" name="intent" value={intent} />
        <Heading as="h2" size="4" mb="1" id={`${intent}-title`}>
          {title}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {note}
        </Text>
        {children}
        <ErrorList id={`${intent}-error`} errors={error ? [error] : null} />
        <Flex mt="3">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** The chosen ones first, in their saved order, then the rest as loaded (by name). */
function chosenFirst<T extends { _id: string }>(choices: Choice[], chosen: T[]) {
  const rank = new Map(chosen.map((c, i) => [c._id, i]));
  return [...choices].sort((a, b) => (rank.get(a._id) ?? Infinity) - (rank.get(b._id) ?? Infinity));
}

const optionsText = (a: Pick<AttributeEntity, "list">) =>
  a.list.length ? `${a.list.slice(0, 4).join(", ")}${a.list.length > 4 ? ` +${a.list.length - 4}` : ""}` : "free entry";

/**
 * A section of checkboxes over the managed attributes (the sub-category's attributes, or its variations): the chosen
 * ones first and ticked; `detail` says what a choice is, `extra` adds its own control (a unit, the main one).
 */
function ChoicesSection({
  record,
  intent,
  title,
  note,
  error,
  choices,
  chosen,
  detail,
  extra,
}: {
  record: string;
  intent: "attr" | "variations";
  title: string;
  note: string;
  error: string | null;
  choices: Choice[];
  chosen: { _id: string }[];
  detail: (a: Choice) => string;
  extra: (a: Choice) => ReactNode;
}) {
  const ticked = new Set(chosen.map((c) => c._id));
  return (
    <SectionCard record={record} title={title} intent={intent} note={note} error={error} submitLabel={`Save ${title}`}>
      {choices.length ? (
        <ul className="choice-list" aria-describedby={error ? `${intent}-error` : undefined}>
          {chosenFirst(choices, chosen).map((a) => (
            <li key={a._id}>
              <label>
                <input type="checkbox" name={intent} value={a._id} defaultChecked={ticked.has(a._id)} />
                <span>
                  <strong>{a.label || a.name}</strong>{" "}
                  <Text size="1" color="gray">
                    {detail(a)}
                  </Text>
                </span>
              </label>
              {extra(a)}
            </li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}

/** What the Attributes and Variations sections take: the sub-category, the managed attributes, the card's error. */
type SectionOfChoices = { category: CategoryDetails; choices: Choice[]; error: string | null };

function AttributesSection({ category, choices, error }: SectionOfChoices) {
  const chosen = new Map(category.attr.map((a) => [a._id, a]));
  return (
    <ChoicesSection
      record={category._id}
      intent="attr"
      title="Attributes"
      note="What products in this sub-category describe. Choose from the managed attributes."
      error={error}
      choices={choices}
      chosen={category.attr}
      detail={(a) => `${a.type} · ${optionsText(a)}`}
      extra={(a) =>
        a.type === "number" ? (
          <label className="choice-unit">
            <Text size="1">Unit</Text>
            <input
              type="text"
              name={`unit.${a._id}`}
              defaultValue={chosen.get(a._id)?.unit ?? a.unit ?? ""}
              aria-label={`Unit of ${a.name}`}
              maxLength={20}
              size={6}
            />
          </label>
        ) : null
      }
    />
  );
}

function VariationsSection({ category, choices, error }: SectionOfChoices) {
  const main = category.variations.find((v) => v.isMainSelected)?._id;
  return (
    <ChoicesSection
      record={category._id}
      intent="variations"
      title="Variations"
      note="How products here vary (for example Color and Size). The main one leads on the product form."
      error={error}
      choices={choices}
      chosen={category.variations}
      detail={optionsText}
      extra={(a) => (
        <label className="choice-unit">
          <input type="radio" name="main" value={a._id} defaultChecked={main === a._id} />
          <Text size="1">Main</Text>
        </label>
      )}
    />
  );
}

function PercentSection({
  record,
  intent,
  title,
  label,
  value,
  hint,
  note,
  lastResult,
}: {
  record: string;
  intent: "tax" | "commission";
  title: string;
  label: string;
  value: number | null;
  hint: string;
  note: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: intent, record, lastResult, defaultValue: { [intent]: value ?? "" } });
  const field = fields[intent];
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Card size="3">
      <Form key={key} method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <Heading as="h2" size="4" mb="1">
          {title}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {note}
        </Text>
        <Field
          label={label}
          hint={hint}
          field={field}
          type="number"
          inputProps={{ min: 0, max: 100, step: 1, inputMode: "numeric" }}
        />
        <FormError id={form.errorId} errors={form.errors} />
        <Button type="submit" loading={busy}>
          Save {title}
        </Button>
      </Form>
    </Card>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
