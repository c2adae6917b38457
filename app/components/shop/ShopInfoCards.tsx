import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Badge, Box, Button, Card, DataList, Flex, Heading, Link as RadixLink, Text, TextArea, TextField } from "@radix-ui/themes";
import { useLocation, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { Suspense, lazy, useState, type ReactNode } from "react";
import { UI_MSG } from "#contract/messages-ui";
import type { AddressSearch } from "#contract/places";
import { SHOP_EMAIL_MAX, SHOP_IMAGE_PURPOSE, SHOP_NAME_MAX, SHOP_WEBSITE_MAX, WEEKDAYS, dayLabel, embedSnippet, timingErrorsFrom, type TimingRow } from "#contract/shop-profile";
import { useHydrated } from "~/lib/hooks";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import { ErrorList } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { ImageUpload } from "~/components/form/ImageUpload";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { ToastRegion, type ToastData } from "~/components/layout/Toast";
import { AddressField } from "./AddressField";
import { TimingsEditor } from "./TimingsEditor";

// the editor's code is fetched only when the Story card is opened for editing with JavaScript (ADR 0017)
const RichTextEditor = lazy(() => import("./RichTextEditor"));

/** What the Shop Info action answers when it does not redirect: which card, and its form's reply (errors, what was sent). */
export interface ShopInfoActionData {
  intent: string;
  result: SubmissionResult<string[]>;
  rows?: TimingRow[];
  /** without JavaScript: the timing row whose removal waits for confirmation */
  confirmingRow?: number | null;
  search?: AddressSearch;
  categories?: string[];
}

export interface ShopInfoShop {
  _id: string;
  name: string;
  email: string;
  website: string;
  image: string;
  coverImage: string;
  location: { address: string; placeId: string };
  categories: { _id: string; name: string }[];
  story: { html: string; text: string };
  timings: TimingRow[];
}

/** A card's messages: those of its fields, then the form's own (the API's refusal), each once. */
const messages = (...lists: (string[] | undefined)[]) => {
  const all = [...new Set(lists.flatMap((list) => list ?? []))];
  return all.length ? all : undefined;
};

const busyWith = (navigation: ReturnType<typeof useNavigation>, intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

/** spec 1 §2, §4 Shop images: cover and avatar, each with upload and remove (after confirmation) on hover. */
export function ShopImages({ shop, canEdit, answer }: { shop: ShopInfoShop; canEdit: boolean; answer?: ShopInfoActionData }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const confirm = params.get("confirm");
  const cancelHref = closeOverlayHref(location);

  return (
    <Card size="1" className="shop-hero">
      <div className="shop-cover" data-empty={shop.coverImage ? undefined : true} data-testid="shop-cover">
        {shop.coverImage ? <img src={shop.coverImage} alt={`Cover of ${shop.name}`} /> : null}
        {canEdit ? (
          <ImageActions record={shop._id} field="coverImage" label="cover" hasImage={!!shop.coverImage} lastResult={answer?.intent === "coverImage" ? answer.result : undefined} />
        ) : null}
      </div>
      <Flex className="shop-identity" gap="4" align="end" wrap="wrap">
        <div className="shop-avatar-block" data-testid="shop-avatar">
          {/* server-rendered initials behind the picture: they show without JavaScript and when the picture fails */}
          <span className="shop-avatar" aria-hidden={shop.image ? undefined : true}>
            {initials(shop.name)}
            {shop.image ? <img src={shop.image} alt={`Avatar of ${shop.name}`} /> : null}
          </span>
          {canEdit ? <ImageActions record={shop._id} field="image" label="avatar" hasImage={!!shop.image} lastResult={answer?.intent === "image" ? answer.result : undefined} /> : null}
        </div>
      </Flex>
      {canEdit ? (
        <>
          <ConfirmDialog
            open={confirm === "remove-image" && !!shop.image}
            title="Remove avatar"
            description={UI_MSG.removeAvatarConfirm}
            cancelHref={cancelHref}
            fields={{ intent: "remove-image" }}
            confirmLabel="Remove"
          />
          <ConfirmDialog
            open={confirm === "remove-cover" && !!shop.coverImage}
            title="Remove cover"
            description={UI_MSG.removeCoverConfirm}
            cancelHref={cancelHref}
            fields={{ intent: "remove-cover" }}
            confirmLabel="Remove"
          />
        </>
      ) : null}
    </Card>
  );
}

function ImageActions({
  record,
  field,
  label,
  hasImage,
  lastResult,
}: {
  record: string;
  field: "image" | "coverImage";
  label: "avatar" | "cover";
  hasImage: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: `shop-${field}-form`, record, lastResult });
  const error = messages(fields[field].errors, form.errors)?.[0];
  const removeIntent = field === "image" ? "remove-image" : "remove-cover";
  const saving = busyWith(navigation, field);
  return (
    <div className={`shop-image-actions shop-image-actions-${label}`} data-error={error ? true : undefined}>
      <Form key={key} method="post" encType="multipart/form-data" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value={field} />
        <ImageUpload
          id={`shop-${label}-file`}
          name={field}
          purpose={SHOP_IMAGE_PURPOSE}
          label={saving ? "Saving…" : hasImage ? `Change ${label}` : `Upload ${label}`}
          submitLabel={`Upload ${label}`}
          error={error}
          onUploaded={(image) => submit({ intent: field, [field]: image }, { method: "post", preventScrollReset: true })}
        />
      </Form>
      {hasImage ? (
        <Button asChild color="red" variant="soft" size="2">
          <Link to={listHref(location, { confirm: removeIntent })} preventScrollReset>
            {`Remove ${label}`}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

type KitFields = ReturnType<typeof useFormKit>["fields"];

/** One inline-editable value (spec 1 §4 Inline edit field): view mode, Edit (`?edit=field`), then Save or Cancel. */
function InlineRow({
  field,
  label,
  view,
  canEdit,
  editing,
  children,
  ...form
}: {
  field: string;
  label: string;
  view: ReactNode;
  canEdit: boolean;
  editing: boolean;
  children: (fields: KitFields) => ReactNode;
} & Omit<InlineFormProps, "field" | "children">) {
  const location = useLocation();
  return (
    <DataList.Item>
      <DataList.Label minWidth="88px">{label}</DataList.Label>
      <DataList.Value>
        {editing ? (
          <InlineForm field={field} {...form}>
            {children}
          </InlineForm>
        ) : (
          <Flex align="center" gap="3" wrap="wrap" className="inline-view" data-testid={`view-${field}`}>
            <Box className="inline-value">{view}</Box>
            {canEdit ? (
              <Link to={listHref(location, { edit: field })} preventScrollReset className="inline-edit-link" aria-label={`Edit ${label.toLowerCase()}`}>
                Edit
              </Link>
            ) : null}
          </Flex>
        )}
      </DataList.Value>
    </DataList.Item>
  );
}

type InlineFormProps = {
  field: string;
  record: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, string>;
  /** the field shows its own errors (an address search): the row shows only the card's */
  fieldShowsErrors?: boolean;
  children: (fields: KitFields) => ReactNode;
};

/** The inline edit's form (the one form idiom, ADR 0010): the field's errors and the API's refusal under it. */
function InlineForm({ field, record, lastResult, defaultValue, fieldShowsErrors, children }: InlineFormProps) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: `shop-${field}-form`, record, lastResult, defaultValue });
  const meta = fields[field];
  return (
    <Form key={key} method="post" preventScrollReset className="inline-edit" data-testid={`edit-${field}`} {...getFormProps(form)}>
      {children(fields)}
      {fieldShowsErrors ? <ErrorList id={form.errorId} errors={form.errors} /> : <ErrorList id={meta.errorId} errors={messages(meta.errors, form.errors)} />}
      <Flex gap="2" mt="2">
        <Button type="submit" name="intent" value={field} size="2" loading={busyWith(navigation, field)}>
          Save
        </Button>
        <CancelEdit size="2" />
      </Flex>
    </Form>
  );
}

/** Back to the card's view, changing nothing (the page without `?edit=`). */
function CancelEdit({ size }: { size?: "2" }) {
  const location = useLocation();
  return (
    <Button asChild variant="soft" color="gray" size={size}>
      <Link to={listHref(location, { edit: null })} preventScrollReset replace>
        Cancel
      </Link>
    </Button>
  );
}

const none = <Text color="gray">Not provided</Text>;

const TEXT_LABELS = { name: "Shop name", email: "Shop e-mail", website: "Website" } as const;

/** A text field of the Shop Info card; the server checks its rules and answers with the spec's messages (ADR 0010). */
function textInput(field: keyof typeof TEXT_LABELS, type: "text" | "email" | "url", max: number, hint?: string) {
  return (fields: KitFields) => {
    const meta = fields[field];
    return (
      <>
        <label htmlFor={`shop-${field}`} className="visually-hidden">
          {TEXT_LABELS[field]}
        </label>
        <TextField.Root
          {...getInputProps(meta, { type: "text" })}
          id={`shop-${field}`}
          // the browser's own checks would hide the spec's messages
          inputMode={type === "email" ? "email" : type === "url" ? "url" : undefined}
          data-max={max}
          autoFocus
          placeholder={hint}
        />
      </>
    );
  };
}

/** spec 1 §2 Shop Info: inline-editable name, e-mail, address and website. */
export function ShopInfoCard({ shop, canEdit, edit, answer }: { shop: ShopInfoShop; canEdit: boolean; edit: string | null; answer?: ShopInfoActionData }) {
  const mine = (field: string) => (answer?.intent === field ? answer : undefined);
  const row = (field: string) => ({ field, canEdit, editing: edit === field || !!mine(field), record: shop._id, lastResult: mine(field)?.result });

  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Shop Info
      </Heading>
      <DataList.Root size="2" orientation={{ initial: "vertical", sm: "horizontal" }}>
        <InlineRow {...row("name")} label="Name" defaultValue={{ name: shop.name }} view={<Text data-testid="shop-info-name">{shop.name}</Text>}>
          {textInput("name", "text", SHOP_NAME_MAX)}
        </InlineRow>
        <InlineRow {...row("email")} label="Email" defaultValue={{ email: shop.email }} view={shop.email ? <RadixLink href={`mailto:${shop.email}`}>{shop.email}</RadixLink> : none}>
          {textInput("email", "email", SHOP_EMAIL_MAX)}
        </InlineRow>
        <InlineRow {...row("address")} label="Address" fieldShowsErrors view={shop.location.address ? <Text>{shop.location.address}</Text> : none}>
          {(fields) => (
            <AddressField
              id="shop-address"
              label="Search the address"
              value={shop.location}
              search={mine("address")?.search ?? null}
              searchIntent="address-search"
              errors={fields.address.errors}
              errorId={fields.address.errorId}
              autoFocus
            />
          )}
        </InlineRow>
        <InlineRow
          {...row("website")}
          label="Website"
          defaultValue={{ website: shop.website }}
          view={
            shop.website ? (
              <RadixLink href={shop.website} target="_blank" rel="noopener noreferrer">
                {shop.website}
              </RadixLink>
            ) : (
              none
            )
          }
        >
          {textInput("website", "url", SHOP_WEBSITE_MAX, "https://example.com (leave empty for none)")}
        </InlineRow>
      </DataList.Root>
    </Card>
  );
}

/** spec 1 §2 Shop Category card: the shop's departments, a multi-select for those who may edit (at least one). */
export function CategoryCard({
  shop,
  canEdit,
  departments,
  answer,
}: {
  shop: ShopInfoShop;
  canEdit: boolean;
  departments: { _id: string; name: string }[];
  answer?: ShopInfoActionData;
}) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: "shop-categories-form", record: shop._id, lastResult: answer?.result });
  const chosen = new Set(answer?.categories ?? shop.categories.map((c) => c._id));
  // a department the shop has that the list did not return still shows (and stays chosen)
  const options = [...departments, ...shop.categories.filter((c) => !departments.some((d) => d._id === c._id))];
  const errors = messages(fields.categories.errors, form.errors);
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Shop Category
      </Heading>
      {canEdit ? (
        <Form key={`${key}:${shop.categories.map((c) => c._id).join()}`} method="post" preventScrollReset data-testid="categories-form" {...getFormProps(form)}>
          <fieldset className="checkbox-group shop-categories" aria-invalid={errors ? true : undefined} aria-describedby={errors ? fields.categories.errorId : undefined}>
            <legend className="visually-hidden">Business categories</legend>
            {options.map((d) => (
              <label key={d._id}>
                <input type="checkbox" name="categories" value={d._id} defaultChecked={chosen.has(d._id)} />
                {d.name}
              </label>
            ))}
          </fieldset>
          <ErrorList id={fields.categories.errorId} errors={errors} />
          <Flex mt="3">
            <Button type="submit" name="intent" value="categories" loading={busyWith(navigation, "categories")}>
              Save categories
            </Button>
          </Flex>
        </Form>
      ) : shop.categories.length ? (
        <Flex gap="2" wrap="wrap" data-testid="shop-categories">
          {shop.categories.map((c) => (
            <Badge key={c._id} variant="soft" color="gray" size="2">
              {c.name}
            </Badge>
          ))}
        </Flex>
      ) : (
        <Text size="2" color="gray">
          No categories chosen yet.
        </Text>
      )}
    </Card>
  );
}

/** The story's input: a plain textarea without JavaScript (and while the editor loads), the rich-text editor with it. */
function StoryInput({ story, sent, invalid, errorId }: { story: ShopInfoShop["story"]; sent?: { story?: string; storyFormat?: string }; invalid: boolean; errorId: string }) {
  const hydrated = useHydrated();
  const sentHtml = sent?.storyFormat === "html";
  const textarea = (
    <>
      <label htmlFor="shop-story" className="visually-hidden">
        Story
      </label>
      <TextArea id="shop-story" name="story" rows={8} defaultValue={sent && !sentHtml ? sent.story ?? "" : story.text} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} />
      <input type="hidden" name="storyFormat" value="text" />
      <Text as="p" size="1" color="gray" mt="1">
        **bold**, *italic*, a line starting with - for a list, 1. for a numbered list; a blank line starts a new paragraph.
      </Text>
    </>
  );
  if (!hydrated) return textarea;
  return (
    <Suspense fallback={textarea}>
      <RichTextEditor name="story" id="shop-story-editor" initialHtml={sent && sentHtml ? sent.story ?? "" : story.html} invalid={invalid} describedBy={invalid ? errorId : undefined} />
    </Suspense>
  );
}

/** spec 1 §2 Story rich-text card; §5: an empty story gives 'Please Add Story'. The HTML shown was sanitised on the server. */
export function StoryCard({ record, story, canEdit, editing, answer }: { record: string; story: ShopInfoShop["story"]; canEdit: boolean; editing: boolean; answer?: ShopInfoActionData }) {
  const location = useLocation();
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: "shop-story-form", record, lastResult: answer?.result });
  const errors = messages(fields.story.errors, form.errors);
  const open = canEdit && (editing || !!answer);
  return (
    <Card size="2">
      <Flex justify="between" align="center" mb="3">
        <Heading as="h2" size="3">
          Story
        </Heading>
        {canEdit && !open ? (
          <Link to={listHref(location, { edit: "story" })} preventScrollReset className="inline-edit-link" aria-label="Edit story">
            Edit
          </Link>
        ) : null}
      </Flex>
      {open ? (
        <Form key={key} method="post" preventScrollReset data-testid="story-form" {...getFormProps(form)}>
          <StoryInput story={story} sent={answer?.result.initialValue as { story?: string; storyFormat?: string } | undefined} invalid={!!fields.story.errors?.length} errorId={fields.story.errorId} />
          <ErrorList id={fields.story.errorId} errors={errors} />
          <Flex gap="2" mt="3">
            <Button type="submit" name="intent" value="story" loading={busyWith(navigation, "story")}>
              Save story
            </Button>
            <CancelEdit />
          </Flex>
        </Form>
      ) : story.html ? (
        // sanitised by the API on save and by the page's loader again (sanitize-html allow-list, ADR 0017)
        <div className="shop-story" data-testid="shop-story" dangerouslySetInnerHTML={{ __html: story.html }} />
      ) : (
        <Text as="p" size="2" color="gray" data-testid="shop-story">
          This shop has not told its story yet.
        </Text>
      )}
    </Card>
  );
}

/** spec 1 §2 Shop Timing card: the opening hours by day; editing opens the rows editor with its own Submit. */
export function TimingsCard({
  record,
  rows,
  saved,
  canEdit,
  editing,
  answer,
}: {
  record: string;
  rows: TimingRow[];
  saved: TimingRow[];
  canEdit: boolean;
  editing: boolean;
  answer?: ShopInfoActionData;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const { form, key } = useFormKit({ id: "shop-timings-form", record, lastResult: answer?.result });
  const open = canEdit && editing;
  const byDay = WEEKDAYS.map((day) => ({ day, slots: saved.filter((r) => r.day === day) }));
  return (
    <Card size="2">
      <Flex justify="between" align="center" mb="3">
        <Heading as="h2" size="3">
          Shop Timing
        </Heading>
        {canEdit && !open ? (
          <Link to={listHref(location, { edit: "timings" })} preventScrollReset className="inline-edit-link" aria-label="Edit shop timing">
            Edit
          </Link>
        ) : null}
      </Flex>
      {open ? (
        <Form key={key} method="post" preventScrollReset data-testid="timings-form" {...getFormProps(form)}>
          <TimingsEditor
            key={JSON.stringify(rows)}
            name="timings"
            rows={rows}
            errors={timingErrorsFrom(form.allErrors, "timings")}
            confirmingRow={answer?.confirmingRow}
            submit={{ label: "Submit", intent: "timings", loading: busyWith(navigation, "timings") }}
            footer={
              <CancelEdit />
            }
          />
          <ErrorList id={form.errorId} errors={form.errors} />
        </Form>
      ) : saved.length ? (
        <table className="shop-hours" data-testid="shop-hours">
          <tbody>
            {byDay.map(({ day, slots }) => (
              <tr key={day}>
                <th scope="row">{dayLabel(day)}</th>
                <td>{slots.length ? slots.map((s) => `${s.start} – ${s.end}`).join(", ") : <Text color="gray">Closed</Text>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Text as="p" size="2" color="gray" data-testid="shop-hours">
          Opening hours have not been set for this shop.
        </Text>
      )}
    </Card>
  );
}

/** spec 1 §2 Script card, §9 Embed modes: General (minimize_circle) and Carousel (carousel_slider) snippets with copy. */
export function ScriptCard({ shopId, scriptUrl, modes }: { shopId: string; scriptUrl: string; modes: { general: string; carousel: string } }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [toast, setToast] = useState<ToastData | null>(null);
  const tab = params.get("script") === "carousel" ? "carousel" : "general";
  const snippet = embedSnippet(shopId, modes[tab], scriptUrl);

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setToast({ type: "success", message: UI_MSG.codeCopied });
    } catch {
      setToast({ type: "error", message: UI_MSG.copyFailed });
    }
  }

  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Script
      </Heading>
      <nav aria-label="Script type" className="shop-tabs shop-script-tabs">
        {(["general", "carousel"] as const).map((t) => (
          <Link key={t} to={listHref(location, { script: t === "general" ? null : t })} replace preventScrollReset aria-current={t === tab ? "page" : undefined} className="shop-tab">
            {t === "general" ? "General" : "Carousel"}
          </Link>
        ))}
      </nav>
      <Text as="p" size="2" color="gray" mt="3" mb="2">
        Paste this code into your website to show your live streams {tab === "general" ? "in a small circle" : "as a carousel"}.
      </Text>
      <pre className="shop-script" data-testid="embed-snippet" dir="ltr">
        <code>{snippet}</code>
      </pre>
      {hydrated ? (
        <Flex mt="3">
          <Button type="button" variant="soft" onClick={() => void copy()}>
            Copy code
          </Button>
        </Flex>
      ) : null}
      <ToastRegion toast={toast} />
    </Card>
  );
}
