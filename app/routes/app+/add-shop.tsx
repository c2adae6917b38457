import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useState, type ComponentProps } from "react";
import { UI_MSG } from "#contract/core/messages-ui";
import { chosenAddress, type AddressSearch } from "#contract/geo/places";
import { GENDERS } from "#contract/access/roles";
import { applyTimingIntent, readTimingRows, timingErrorsFrom, type TimingRow } from "#contract/shops/shop-profile";
import { NO_WEBSITE, SHOP_IMAGE_PURPOSE, SHOP_NAME_MAX } from "#contract/shops/shop-profile";
import { SHOP_ADDED_RETURN_MS } from "#contract/shops/shops";
import { addShopFormSchema, addShopTimingsFormSchema, keepFormSchema } from "#contract/shops/shops-api";
import { formRefused, replyWithApiRefusal } from "~/services/forms.server";
import { apiFor } from "~/services/api.server";
import { savedThenReturn, savedThenReturnHeaders } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { ImageField } from "~/components/form/ImageField";
import { PhoneField } from "~/components/form/PhoneField";
import { answerOf } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { AddressField } from "~/components/shop/AddressField";
import { TimingsEditor } from "~/components/shop/TimingsEditor";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import settingsCss from "~/styles/settings.css?url";
import timingsCss from "~/styles/timings.css?url";
import addShopCss from "~/styles/add-shop.css?url";
import { PageHeader } from "~/components/layout/PageHeader";
import { RadioChoices } from "~/components/form/RadioChoices";
import { errorAria } from "~/components/form/error-aria";
import { SectionCard } from "~/components/layout/SectionCard";

// spec 1 §2 Add shop page (admin; ADR 0014): Discard goes back to the list; after success, back to the list after 1.5 s
export const handle = { roles: ["admin"] as const, title: "Add Shop" };
export const meta: MetaFunction = () => [{ title: "Add Shop" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: settingsCss },
  { rel: "stylesheet", href: timingsCss },
  { rel: "stylesheet", href: addShopCss },
];
export const headers = savedThenReturnHeaders;

const LIST = "/app/shop-list";
const ADD = "add";
const SEARCH_ADDRESS = "search-address";
const SAVE_TIMINGS = "save-timings";
const TIMINGS = "timings";
const IMAGES = { image: SHOP_IMAGE_PURPOSE, coverImage: SHOP_IMAGE_PURPOSE } as const;

/** What the form holds, posted back so a no-JS round trip (search, add row, timings Submit, refusal) keeps it all. */
interface Values {
  fName: string;
  gender: string;
  countryFlag: string;
  mobile: string;
  name: string;
  email: string;
  website: string;
  story: string;
  categories: string[];
  image: string;
  coverImage: string;
  address: string;
  placeId: string;
  timingsSaved: boolean;
}
const EMPTY: Values = {
  fName: "",
  gender: "",
  countryFlag: "AU",
  mobile: "",
  name: "",
  email: "",
  website: "",
  story: "",
  categories: [],
  image: "",
  coverImage: "",
  address: "",
  placeId: "",
  timingsSaved: false,
};

function postedValues(form: FormData): Values {
  const s = (k: string) => String(form.get(k) ?? "");
  return {
    fName: s("fName"),
    gender: s("gender"),
    countryFlag: s("countryFlag") || "AU",
    mobile: s("mobile"),
    name: s("name"),
    email: s("email"),
    website: s("website"),
    story: s("story"),
    categories: form.getAll("categories").map(String),
    image: s("image") === "null" ? "" : s("image"),
    coverImage: s("coverImage") === "null" ? "" : s("coverImage"),
    ...chosenAddress(form),
    timingsSaved: s("timingsSaved") === "yes",
  };
}

/** Which form field shows an API field's errors. */
function fieldOf(apiField: string): string | null {
  if (apiField.startsWith("owner."))
    return apiField === "owner.countryFlag" ? "mobile" : apiField.slice("owner.".length);
  if (apiField === "location" || apiField.startsWith("location.")) return "placeId";
  if (apiField.startsWith("timings")) return "timingsSaved";
  return ["mobile", "name", "story", "email", "website", "categories", "image", "coverImage"].includes(apiField)
    ? apiField
    : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  // a shop's categories are departments (level 0)
  const departments = await api.get("category/departments");
  return json(
    {
      departments: departments.success ? departments.data : [],
      departmentsError: departments.success ? null : departments.message,
    },
    { headers: api.headers },
  );
}

type FormReply = {
  result: SubmissionResult<string[]>;
  values: Values;
  rows: TimingRow[];
  /** without JavaScript: the timing row whose removal waits for confirmation */
  confirmingRow?: number | null;
  search: AddressSearch | null;
  /** changes on every answer, so the form starts again from what the server sent */
  round: string;
};

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  // without JavaScript the chosen pictures come with the form and are uploaded (and checked) here
  const { formData, fileErrors } = await readFormWithFiles(request, api, IMAGES);
  const intent = String(formData.get("intent") ?? ADD);
  const values = postedValues(formData);
  formData.set("address", values.address);
  formData.set("placeId", values.placeId);
  let rows = readTimingRows(formData, TIMINGS);
  const round = `${Date.now()}-${Math.random()}`;
  const fileFieldErrors = Object.fromEntries(Object.entries(fileErrors).map(([field, message]) => [field, [message]]));
  const reply = (result: SubmissionResult<string[]>, extra: Partial<FormReply> = {}, status = 200) =>
    formRefused(result, status, api.headers, { values, rows, search: null, round, ...extra });

  // the editor's "Add row" and "Remove" without JavaScript
  const changed = applyTimingIntent(intent, rows, TIMINGS);
  if (changed) {
    rows = changed.rows;
    return reply(parseWithZod(formData, { schema: keepFormSchema }).reply({ resetForm: false }), {
      rows,
      confirmingRow: changed.confirming,
      values: { ...values, timingsSaved: false },
    });
  }

  // "Search address" without JavaScript: the predictions come back as radio buttons
  if (intent === SEARCH_ADDRESS) {
    const text = String(formData.get("addressSearch") ?? "").trim();
    // nothing typed (e.g. Enter in another field): the form comes back as it was
    let search: AddressSearch | null = null;
    if (text) {
      const found = await api.get("geo/places/autocomplete", { input: text });
      search = found.success ? { text, predictions: found.data } : { text, predictions: [], error: found.message };
    }
    const kept = parseWithZod(formData, { schema: keepFormSchema });
    return reply(
      Object.keys(fileFieldErrors).length
        ? kept.reply({ resetForm: false, fieldErrors: fileFieldErrors })
        : kept.reply({ resetForm: false }),
      { search },
    );
  }

  // the timings' own Submit (spec 1 §5): the rows are checked, then count for the shop
  if (intent === SAVE_TIMINGS) {
    const submission = parseWithZod(formData, { schema: addShopTimingsFormSchema });
    const ok = submission.status === "success";
    const answer = Object.keys(fileFieldErrors).length
      ? submission.reply({ resetForm: false, fieldErrors: fileFieldErrors })
      : submission.reply({ resetForm: false });
    return reply(answer, { values: { ...values, timingsSaved: ok } }, ok ? 200 : 400);
  }

  const submission = parseWithZod(formData, { schema: addShopFormSchema });
  if (submission.status !== "success" || Object.keys(fileErrors).length) {
    // spec 1 §5: any failed validation on submit shows 'Please Enter All Required Fields'
    return reply(submission.reply({ formErrors: [UI_MSG.allRequiredFields], fieldErrors: fileFieldErrors }), {}, 400);
  }
  const v = submission.value;
  const result = await api.post("shop/add", {
    owner: { fName: v.fName, gender: v.gender, countryFlag: v.countryFlag, mobile: v.mobile, role: "shopOwner" },
    name: v.name,
    story: v.story,
    email: v.email,
    // ARCHITECTURE §4: no website is a single space on the wire
    website: v.website ?? NO_WEBSITE,
    location: { address: v.address ?? values.address, placeId: v.placeId },
    categories: v.categories,
    image: v.image,
    coverImage: v.coverImage,
    timings: v.timings,
  });
  if (!result.success) {
    const refused = replyWithApiRefusal(submission, result, fieldOf);
    const onFields = Object.keys(refused.error ?? {}).some((k) => k !== "");
    // a field refused by the API is a failed validation too; its own words stay beside the field
    const withForm = onFields ? { ...refused, error: { ...refused.error, "": [UI_MSG.allRequiredFields] } } : refused;
    return reply(withForm, {}, result.httpStatus);
  }
  return savedThenReturn(LIST, result.message, api.headers, SHOP_ADDED_RETURN_MS);
}

function ShopImageField({
  name,
  label,
  value,
  error,
  onUploadingChange,
}: {
  name: "image" | "coverImage";
  label: string;
  value: string;
  error?: string | null;
  onUploadingChange: (busy: boolean) => void;
}) {
  return (
    <ImageField
      title={label}
      preview={{ alt: `${label} preview`, className: "add-shop-preview", kind: name, testId: `${name}-preview` }}
      id={`shop-${name}`}
      name={name}
      purpose={SHOP_IMAGE_PURPOSE}
      defaultValue={value}
      label="Upload"
      changeLabel="Change"
      error={error}
      onUploadingChange={onUploadingChange}
    />
  );
}

export default function AddShop() {
  const { departments, departmentsError } = useLoaderData<typeof loader>();
  const { saved, reply } = answerOf(useActionData<typeof action>());
  const navigation = useNavigation();
  const values = reply?.values ?? EMPTY;
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [timingsSaved, setTimingsSaved] = useState(values.timingsSaved);
  const [round, setRound] = useState(reply?.round);
  // a new answer from the server is the truth again (React's "adjust state on prop change")
  if (reply?.round !== round) {
    setRound(reply?.round);
    setTimingsSaved(values.timingsSaved);
  }
  const { form, fields, key } = useFormKit({ id: "add-shop", lastResult: reply?.result });
  const busy = Object.values(uploading).some(Boolean);
  const submittingIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const timingErrors = timingErrorsFrom(form.allErrors, TIMINGS);
  const timingsMissing = [...new Set([...(fields.timingsSaved.errors ?? []), ...(timingErrors.form ?? [])])];
  const k = reply?.round ?? "first";
  /** A text input's own id and name, starting at the value posted last (a no-JS round trip keeps it); no autofill. */
  const posted = (
    id: string,
    name: "fName" | "name" | "email" | "website",
    more: ComponentProps<typeof Field>["inputProps"] = {},
  ) => ({ id, name, defaultValue: values[name], autoComplete: "off", ...more });

  return (
    <Box className="add-shop">
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <PageHeader title="Add Shop">
        <Button asChild variant="soft" color="gray">
          <Link to={LIST}>← Back to shops</Link>
        </Button>
      </PageHeader>
      <Form key={`${key}:${k}`} method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <div className="add-shop-grid">
          <SectionCard title="Owner">
            <Field label="Full Name" field={fields.fName} inputProps={posted("owner-name", "fName")} />
            <RadioChoices legend="Gender" field={fields.gender} choices={GENDERS} checked={values.gender} />
            <Box mb="3">
              <ErrorList id={fields.gender.errorId} errors={fields.gender.errors} />
            </Box>
            <PhoneField
              id="owner-mobile"
              label="Phone Number"
              countryFlag={values.countryFlag}
              mobile={values.mobile}
              errors={fields.mobile.errors}
            />
            <Text as="p" size="1" color="gray">
              The owner signs in with a code sent to this phone, or with Google or Facebook.
            </Text>
          </SectionCard>

          <SectionCard title="Shop">
            <Field
              label="Shop Name"
              field={fields.name}
              inputProps={posted("shop-name", "name", { maxLength: SHOP_NAME_MAX + 10 })}
            />
            <Field
              label="Shop E-mail"
              field={fields.email}
              inputProps={posted("shop-email", "email", { type: "email" })}
            />
            <Field
              label="Website (optional)"
              field={fields.website}
              inputProps={posted("shop-website", "website", {
                type: "text",
                inputMode: "url",
                placeholder: "https://",
              })}
            />
            <AddressField
              id="shop-address"
              label="Address"
              value={{ address: values.address, placeId: values.placeId }}
              search={reply?.search ?? null}
              searchIntent={SEARCH_ADDRESS}
              errors={fields.placeId.errors}
              errorId={fields.placeId.errorId}
            />
          </SectionCard>

          <Card size="3">
            <fieldset className="checkbox-group" {...errorAria(fields.categories)}>
              <legend>
                <Heading as="h2" size="4">
                  Shop Category
                </Heading>
              </legend>
              {departments.map((d) => (
                <label key={d._id}>
                  <input
                    type="checkbox"
                    name="categories"
                    value={d._id}
                    defaultChecked={values.categories.includes(d._id)}
                  />
                  {d.name}
                </label>
              ))}
            </fieldset>
            {departmentsError ? <ErrorList errors={[departmentsError]} /> : null}
            <ErrorList id={fields.categories.errorId} errors={fields.categories.errors} />
            <Heading as="h2" size="4" mt="4" mb="2">
              <label htmlFor="shop-story">Story</label>
            </Heading>
            <textarea
              id="shop-story"
              name="story"
              className="add-shop-story"
              defaultValue={values.story}
              rows={5}
              {...errorAria(fields.story)}
            />
            <ErrorList id={fields.story.errorId} errors={fields.story.errors} />
          </Card>

          <SectionCard title="Images">
            <div className="add-shop-images">
              <ShopImageField
                name="image"
                label="Shop Image"
                value={values.image}
                error={fields.image.errors?.[0]}
                onUploadingChange={(b) => setUploading((u) => ({ ...u, image: b }))}
              />
              <ShopImageField
                name="coverImage"
                label="Cover Image"
                value={values.coverImage}
                error={fields.coverImage.errors?.[0]}
                onUploadingChange={(b) => setUploading((u) => ({ ...u, coverImage: b }))}
              />
            </div>
          </SectionCard>

          <Card size="3" className="add-shop-wide">
            <Heading as="h2" size="4" mb="1">
              Opening Hours
            </Heading>
            <Text as="p" size="1" color="gray" mb="3">
              Add a row for every opening slot (a day may have several), then press Submit.
            </Text>
            <input type="hidden" name="timingsSaved" value={timingsSaved ? "yes" : ""} />
            {/* a change after Submit needs Submit again */}
            <div
              onChange={() => setTimingsSaved(false)}
              onClick={(e) => {
                const button = e.target instanceof Element ? e.target.closest("button") : null;
                if (button && button.getAttribute("value") !== SAVE_TIMINGS) setTimingsSaved(false);
              }}
            >
              <TimingsEditor
                key={k}
                name={TIMINGS}
                rows={reply?.rows ?? []}
                confirmingRow={reply?.confirmingRow}
                errors={{ ...timingErrors, form: timingsMissing }}
                submit={{ label: "Submit", intent: SAVE_TIMINGS, loading: submittingIntent === SAVE_TIMINGS }}
                footer={
                  timingsSaved ? (
                    <Text size="2" color="green" role="status" data-testid="timings-saved">
                      ✓ Opening hours saved
                    </Text>
                  ) : null
                }
              />
            </div>
          </Card>
        </div>

        <FormError id={form.errorId} errors={form.errors} />
        <Flex gap="3" mt="4">
          <Button
            type="submit"
            name="intent"
            value={ADD}
            size="3"
            loading={submittingIntent === ADD}
            disabled={busy || !!saved}
          >
            Add
          </Button>
          <Button asChild size="3" variant="soft" color="gray">
            <Link to={LIST}>Discard</Link>
          </Button>
        </Flex>
      </Form>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
