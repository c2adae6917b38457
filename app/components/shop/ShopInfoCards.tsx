import { Badge, Box, Button, Card, DataList, Flex, Heading, Link as RadixLink, Text, TextArea, TextField } from "@radix-ui/themes";
import { Form, Link, useLocation, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { Suspense, lazy, useState, type ReactNode } from "react";
import { UI_MSG } from "#contract/messages-ui";
import type { AddressSearch } from "#contract/places";
import { SHOP_EMAIL_MAX, SHOP_IMAGE_PURPOSE, SHOP_NAME_MAX, SHOP_WEBSITE_MAX, WEEKDAYS, dayLabel, embedSnippet, timingErrorsFrom, type TimingRow } from "#contract/shop-profile";
import { useHydrated } from "~/lib/hooks";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import { ErrorList } from "~/components/form/Field";
import { ImageUpload } from "~/components/form/ImageUpload";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { ToastRegion, type ToastData } from "~/components/layout/Toast";
import { AddressField } from "./AddressField";
import { TimingsEditor } from "./TimingsEditor";

// the editor's code is fetched only when the Story card is opened for editing with JavaScript (ADR 0017)
const RichTextEditor = lazy(() => import("./RichTextEditor"));

/** What the Shop Info action answers when it does not redirect: which card, its errors ("" = the card's), what was sent. */
export interface ShopInfoActionData {
  intent: string;
  errors: Record<string, string[]>;
  values?: Record<string, string>;
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
          <ImageActions field="coverImage" label="cover" hasImage={!!shop.coverImage} error={answer?.intent === "coverImage" ? answer.errors.coverImage?.[0] : null} />
        ) : null}
      </div>
      <Flex className="shop-identity" gap="4" align="end" wrap="wrap">
        <div className="shop-avatar-block" data-testid="shop-avatar">
          {/* server-rendered initials behind the picture: they show without JavaScript and when the picture fails */}
          <span className="shop-avatar" aria-hidden={shop.image ? undefined : true}>
            {initials(shop.name)}
            {shop.image ? <img src={shop.image} alt={`Avatar of ${shop.name}`} /> : null}
          </span>
          {canEdit ? <ImageActions field="image" label="avatar" hasImage={!!shop.image} error={answer?.intent === "image" ? answer.errors.image?.[0] : null} /> : null}
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

function ImageActions({ field, label, hasImage, error }: { field: "image" | "coverImage"; label: "avatar" | "cover"; hasImage: boolean; error?: string | null }) {
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const removeIntent = field === "image" ? "remove-image" : "remove-cover";
  const saving = busyWith(navigation, field);
  return (
    <div className={`shop-image-actions shop-image-actions-${label}`} data-error={error ? true : undefined}>
      <Form method="post" encType="multipart/form-data" preventScrollReset>
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

/** One inline-editable value (spec 1 §4 Inline edit field): view mode, Edit (`?edit=field`), then Save or Cancel. */
function InlineRow({
  field,
  label,
  view,
  canEdit,
  editing,
  errors,
  children,
}: {
  field: string;
  label: string;
  view: ReactNode;
  canEdit: boolean;
  editing: boolean;
  errors?: string[];
  children: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  return (
    <DataList.Item>
      <DataList.Label minWidth="88px">{label}</DataList.Label>
      <DataList.Value>
        {editing ? (
          <Form method="post" preventScrollReset className="inline-edit" data-testid={`edit-${field}`}>
            {children}
            <ErrorList errors={errors} />
            <Flex gap="2" mt="2">
              <Button type="submit" name="intent" value={field} size="2" loading={busyWith(navigation, field)}>
                Save
              </Button>
              <Button asChild variant="soft" color="gray" size="2">
                <Link to={listHref(location, { edit: null })} preventScrollReset replace>
                  Cancel
                </Link>
              </Button>
            </Flex>
          </Form>
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

const none = <Text color="gray">Not provided</Text>;

/** spec 1 §2 Shop Info: inline-editable name, e-mail, address and website. */
export function ShopInfoCard({ shop, canEdit, edit, answer }: { shop: ShopInfoShop; canEdit: boolean; edit: string | null; answer?: ShopInfoActionData }) {
  const mine = (field: string) => (answer?.intent === field ? answer : undefined);
  const errorsOf = (field: string) => {
    const a = mine(field);
    return a ? [...(a.errors[field] ?? []), ...(a.errors[""] ?? [])] : undefined;
  };
  const editing = (field: string) => edit === field || !!mine(field);
  const text = (field: "name" | "email" | "website", type: "text" | "email" | "url", max: number, current: string, hint?: string) => {
    const errors = errorsOf(field);
    return (
      <>
        <label htmlFor={`shop-${field}`} className="visually-hidden">
          {field === "name" ? "Shop name" : field === "email" ? "Shop e-mail" : "Website"}
        </label>
        <TextField.Root
          id={`shop-${field}`}
          name={field}
          // the server checks the rules and answers with the spec's messages (ADR 0010); the browser's own checks would hide them
          type="text"
          inputMode={type === "email" ? "email" : type === "url" ? "url" : undefined}
          defaultValue={mine(field)?.values?.[field] ?? current}
          data-max={max}
          autoFocus
          aria-invalid={errors?.length ? true : undefined}
          placeholder={hint}
        />
      </>
    );
  };

  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Shop Info
      </Heading>
      <DataList.Root size="2" orientation={{ initial: "vertical", sm: "horizontal" }}>
        <InlineRow field="name" label="Name" canEdit={canEdit} editing={editing("name")} errors={errorsOf("name")} view={<Text data-testid="shop-info-name">{shop.name}</Text>}>
          {text("name", "text", SHOP_NAME_MAX, shop.name)}
        </InlineRow>
        <InlineRow
          field="email"
          label="Email"
          canEdit={canEdit}
          editing={editing("email")}
          errors={errorsOf("email")}
          view={shop.email ? <RadixLink href={`mailto:${shop.email}`}>{shop.email}</RadixLink> : none}
        >
          {text("email", "email", SHOP_EMAIL_MAX, shop.email)}
        </InlineRow>
        <InlineRow field="address" label="Address" canEdit={canEdit} editing={editing("address")} errors={mine("address")?.errors[""]} view={shop.location.address ? <Text>{shop.location.address}</Text> : none}>
          <AddressField
            id="shop-address"
            label="Search the address"
            value={shop.location}
            search={mine("address")?.search ?? null}
            searchIntent="address-search"
            errors={mine("address")?.errors.address ?? mine("address")?.errors.location}
            errorId="shop-address-error"
            autoFocus
          />
        </InlineRow>
        <InlineRow
          field="website"
          label="Website"
          canEdit={canEdit}
          editing={editing("website")}
          errors={errorsOf("website")}
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
          {text("website", "url", SHOP_WEBSITE_MAX, shop.website, "https://example.com (leave empty for none)")}
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
  const chosen = new Set(answer?.categories ?? shop.categories.map((c) => c._id));
  // a department the shop has that the list did not return still shows (and stays chosen)
  const options = [...departments, ...shop.categories.filter((c) => !departments.some((d) => d._id === c._id))];
  const errors = answer ? [...(answer.errors.categories ?? []), ...(answer.errors[""] ?? [])] : undefined;
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Shop Category
      </Heading>
      {canEdit ? (
        <Form method="post" preventScrollReset key={shop.categories.map((c) => c._id).join()} data-testid="categories-form">
          <fieldset className="checkbox-group shop-categories" aria-invalid={errors?.length ? true : undefined}>
            <legend className="visually-hidden">Business categories</legend>
            {options.map((d) => (
              <label key={d._id}>
                <input type="checkbox" name="categories" value={d._id} defaultChecked={chosen.has(d._id)} />
                {d.name}
              </label>
            ))}
          </fieldset>
          <ErrorList errors={errors} />
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
function StoryInput({ story, answer }: { story: ShopInfoShop["story"]; answer?: ShopInfoActionData }) {
  const hydrated = useHydrated();
  const sentHtml = answer?.values?.storyFormat === "html";
  const invalid = !!answer?.errors.story?.length;
  const textarea = (
    <>
      <label htmlFor="shop-story" className="visually-hidden">
        Story
      </label>
      <TextArea id="shop-story" name="story" rows={8} defaultValue={answer && !sentHtml ? answer.values?.story ?? "" : story.text} aria-invalid={invalid || undefined} aria-describedby={invalid ? "shop-story-error" : undefined} />
      <input type="hidden" name="storyFormat" value="text" />
      <Text as="p" size="1" color="gray" mt="1">
        **bold**, *italic*, a line starting with - for a list, 1. for a numbered list; a blank line starts a new paragraph.
      </Text>
    </>
  );
  if (!hydrated) return textarea;
  return (
    <Suspense fallback={textarea}>
      <RichTextEditor name="story" id="shop-story-editor" initialHtml={answer && sentHtml ? answer.values?.story ?? "" : story.html} invalid={invalid} describedBy={invalid ? "shop-story-error" : undefined} />
    </Suspense>
  );
}

/** spec 1 §2 Story rich-text card; §5: an empty story gives 'Please Add Story'. The HTML shown was sanitised on the server. */
export function StoryCard({ story, canEdit, editing, answer }: { story: ShopInfoShop["story"]; canEdit: boolean; editing: boolean; answer?: ShopInfoActionData }) {
  const location = useLocation();
  const navigation = useNavigation();
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
        <Form method="post" preventScrollReset data-testid="story-form">
          <StoryInput story={story} answer={answer} />
          <ErrorList id="shop-story-error" errors={answer ? [...(answer.errors.story ?? []), ...(answer.errors[""] ?? [])] : undefined} />
          <Flex gap="2" mt="3">
            <Button type="submit" name="intent" value="story" loading={busyWith(navigation, "story")}>
              Save story
            </Button>
            <Button asChild variant="soft" color="gray">
              <Link to={listHref(location, { edit: null })} preventScrollReset replace>
                Cancel
              </Link>
            </Button>
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
export function TimingsCard({ rows, saved, canEdit, editing, answer }: { rows: TimingRow[]; saved: TimingRow[]; canEdit: boolean; editing: boolean; answer?: ShopInfoActionData }) {
  const location = useLocation();
  const navigation = useNavigation();
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
        <Form method="post" preventScrollReset data-testid="timings-form">
          <TimingsEditor
            key={JSON.stringify(rows)}
            name="timings"
            rows={rows}
            errors={timingErrorsFrom(answer?.errors, "timings")}
            confirmingRow={answer?.confirmingRow}
            submit={{ label: "Submit", intent: "timings", loading: busyWith(navigation, "timings") }}
            footer={
              <Button asChild variant="soft" color="gray">
                <Link to={listHref(location, { edit: null })} preventScrollReset replace>
                  Cancel
                </Link>
              </Button>
            }
          />
          <ErrorList errors={answer?.errors[""]} />
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
