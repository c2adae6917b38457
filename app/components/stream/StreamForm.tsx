import type { SubmissionResult } from "@conform-to/react";
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useEffect, useState } from "react";
import { UI_MSG } from "#contract/core/messages-ui";
import type { StreamFormOptions } from "#contract/streams/streams-edit-api";
import { uploadRule, type UploadPurpose } from "#contract/uploads/uploads";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps, getInputProps } from "~/components/form/form-props";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { ImageUpload } from "~/components/form/ImageUpload";
import { sendInParts } from "~/lib/upload-parts.client";
import { STREAM_DATE_FORMAT, earliestStreamDay, zoneStreamDate } from "~/lib/stream-form";
import { textOf } from "~/lib/posted";
import { DismissLink } from "~/components/layout/DismissLink";
import { FieldLabel } from "~/components/form/FieldLabel";
import { errorAria } from "~/components/form/error-aria";

/**
 * A list of the people who may stream (the shop's owner and staff, or influencers), its label above it. The list the
 * form's Stream By error belongs to is tied to it for screen readers (`describedByErrors`).
 */
function StreamerSelect({
  label,
  none = "None",
  field,
  describedByErrors,
  people,
  value,
  onChoose,
}: {
  label: string;
  none?: string;
  field: { id: string; name: string; errorId: string; errors?: string[] };
  describedByErrors?: boolean;
  people: StreamFormOptions["staff"];
  value: string;
  onChoose: (id: string) => void;
}) {
  return (
    <>
      <FieldLabel htmlFor={field.id}>{label}</FieldLabel>
      <select
        id={field.id}
        name={field.name}
        className="native-select"
        value={value}
        onChange={(e) => onChoose(e.currentTarget.value)}
        {...(describedByErrors ? errorAria(field) : {})}
      >
        <option value="">{none}</option>
        {people.map((p) => (
          <option key={p._id} value={p._id}>
            {p.name}
            {p.role === "shopOwner" ? " (owner)" : ""}
          </option>
        ))}
      </select>
    </>
  );
}

/** The form's starting values (a stream being edited, or empty). */
export type StreamFormValue = Partial<
  Record<
    "name" | "startAt" | "startDate" | "endDate" | "startTime" | "endTime" | "staff" | "influencer" | "image" | "video",
    string
  >
> & {
  categories?: string[];
};

/** The page's (Add Stream / Edit Stream), the shop page's modal, or a campaign's page (spec 3 §2 Campaign stream add and edit page). */
export type StreamFormKind = "page" | "modal" | "campaign";

const PAGE_PURPOSES = {
  image: "streamThumbnail",
  video: "streamVideo",
  imageHint: "JPG, JPEG or PNG; one file.",
  videoHint: "MP4, WEBM, 3GP, FLV, AVI or TS, under 50 MB; one file.",
} as const;

const PURPOSES: Record<
  StreamFormKind,
  { image: UploadPurpose; video: UploadPurpose; imageHint: string; videoHint: string }
> = {
  page: PAGE_PURPOSES,
  // spec 3 §5, §9: the campaign's page takes the stream page's files
  campaign: PAGE_PURPOSES,
  modal: {
    image: "streamModalThumbnail",
    video: "streamModalVideo",
    imageHint: "PNG, JPG, JPEG, BMP or TIFF; one file.",
    videoHint: "MP4 up to 150 MB; one file.",
  },
};

/**
 * The stream form (spec 3 §2 Add and edit stream, §4 upload states, §5): the page's reading (Add Stream / Edit Stream:
 * one date and time) or the shop page's modal (a date range with start and end times). Stream By is the shop's owner and
 * staff or an influencer: choosing one clears the other. The thumbnail and the video upload with progress as soon as
 * they are chosen (the video in resumable parts); Save is enabled once the video is done, the thumbnail uploaded and a
 * streamer chosen. Without JavaScript the files go with the form and the action checks the same. A campaign's page
 * (ADR 0063) reads as the page, with the campaign's dates in the date's hint, one of its accepted influencers as the
 * streamer, and Cancel beside Save or Update and Back.
 */
export function StreamForm({
  kind,
  mode,
  options,
  defaultValue,
  lastResult,
  record,
  backHref,
  action,
  saved,
  products = [],
}: {
  kind: StreamFormKind;
  mode: "add" | "edit";
  options: StreamFormOptions;
  defaultValue: StreamFormValue;
  lastResult?: SubmissionResult<string[]>;
  /** the stream it edits (none when adding): the form starts afresh for another one */
  record?: string;
  backHref: string;
  /** where the form posts (the modal posts to its own URL) */
  action?: string;
  saved: boolean;
  /** an Add Stream page's chosen products (ADR 0070), sent as POST live-stream/web's `products` */
  products?: string[];
}) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: `${kind}-${mode}-stream`, record, lastResult, defaultValue });
  const initial = (name: keyof StreamFormValue) => textOf(fields[name].initialValue) ?? "";
  const [hydrated, setHydrated] = useState(false);
  const [staff, setStaff] = useState(initial("staff"));
  const [influencer, setInfluencer] = useState(initial("influencer"));
  const [image, setImage] = useState(initial("image"));
  const [video, setVideo] = useState(initial("video"));
  const [busy, setBusy] = useState({ image: false, video: false });
  const [videoNote, setVideoNote] = useState("");
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setStaff(initial("staff"));
    setInfluencer(initial("influencer"));
    setImage(initial("image"));
    setVideo(initial("video"));
    setVideoNote("");
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps

  const purposes = PURPOSES[kind];
  const campaign = kind === "campaign" ? options.campaign : undefined;
  // spec 3 §5 Campaign stream form: within the campaign's dates and not before today (the API refuses others)
  const window =
    campaign?.from != null && campaign.until != null
      ? `; from ${zoneStreamDate(campaign.from)} to ${zoneStreamDate(campaign.until)}`
      : "";
  const earliestDay = earliestStreamDay();
  const saving = navigation.state === "submitting";
  // spec 3 §4: publishing waits for the video, the thumbnail and a streamer (with JavaScript; the action checks the same)
  const ready = !!video && !!image && !!(staff || influencer) && !busy.image && !busy.video;
  const chosenCategories = fields.categories.initialValue;
  const categoryValues = Array.isArray(chosenCategories)
    ? chosenCategories.filter((c): c is string => typeof c === "string")
    : typeof chosenCategories === "string"
      ? [chosenCategories]
      : [];
  const dateFields =
    kind !== "modal" ? (
      // spec 3 §9: a text field in STREAM_DATE_FORMAT, not the browser's datetime picker, which writes the user's locale
      <Field
        label="Date & Time"
        hint={`Sydney time, ${STREAM_DATE_FORMAT}${window}`}
        field={fields.startAt}
        inputProps={{
          id: fields.startAt.id,
          placeholder: STREAM_DATE_FORMAT,
          autoComplete: "off",
          inputMode: "numeric",
        }}
      />
    ) : (
      <Box mb="3">
        <div className="stream-form-range">
          {/* spec 3 §5: days before yesterday are disabled in the pickers (the API refuses them too) */}
          <Field
            label="Start Date"
            inputProps={{
              ...getInputProps(fields.startDate, { type: "date" }),
              id: fields.startDate.id,
              min: earliestDay,
            }}
          />
          <Field
            label="End Date"
            inputProps={{ ...getInputProps(fields.endDate, { type: "date" }), id: fields.endDate.id, min: earliestDay }}
          />
          <Field
            label="Start Time"
            inputProps={{ ...getInputProps(fields.startTime, { type: "time" }), id: fields.startTime.id }}
          />
          <Field
            label="End Time"
            inputProps={{ ...getInputProps(fields.endTime, { type: "time" }), id: fields.endTime.id }}
          />
        </div>
        <ErrorList id={fields.startDate.errorId} errors={fields.startDate.errors} />
      </Box>
    );

  return (
    <Form
      key={key}
      method="post"
      action={action}
      encType="multipart/form-data"
      className="stream-form"
      {...getFormProps(form)}
      data-testid="stream-form"
    >
      {products.map((id) => (
        <input key={id} type="hidden" name="products" value={id} />
      ))}
      <Field
        label={kind === "modal" ? "Title" : "Stream Title"}
        errors={fields.name.errors}
        errorId={fields.name.errorId}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), id: fields.name.id, autoComplete: "off" }}
      />
      {dateFields}
      <Box mb="3">
        <FieldLabel htmlFor={fields.categories.id}>Categories</FieldLabel>
        <select
          id={fields.categories.id}
          name={fields.categories.name}
          multiple
          defaultValue={categoryValues}
          className="native-select stream-form-categories"
          {...errorAria(fields.categories)}
          size={Math.min(6, Math.max(3, options.categories.length))}
        >
          {options.categories.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
        <Text as="p" size="1" color="gray">
          Choose one or more departments (Ctrl or ⌘ to pick several).
        </Text>
        <ErrorList id={fields.categories.errorId} errors={fields.categories.errors} />
      </Box>
      {kind === "campaign" ? (
        <Box mb="3">
          <StreamerSelect
            label="Streamer"
            none="Choose an accepted influencer"
            field={fields.influencer}
            describedByErrors
            people={options.influencers}
            value={influencer}
            onChoose={setInfluencer}
          />
          <ErrorList id={fields.influencer.errorId} errors={fields.influencer.errors} />
        </Box>
      ) : (
        <fieldset className="stream-form-by">
          <legend>
            <Text size="2" weight="medium">
              Stream By
            </Text>
          </legend>
          <div className="stream-form-range">
            {/* choosing one clears the other */}
            <Box>
              <StreamerSelect
                label="Owner or staff"
                field={fields.staff}
                describedByErrors
                people={options.staff}
                value={staff}
                onChoose={(id) => {
                  setStaff(id);
                  if (id) setInfluencer("");
                }}
              />
            </Box>
            <Box>
              <StreamerSelect
                label="Influencer"
                field={fields.influencer}
                people={options.influencers}
                value={influencer}
                onChoose={(id) => {
                  setInfluencer(id);
                  if (id) setStaff("");
                }}
              />
            </Box>
          </div>
          <ErrorList id={fields.staff.errorId} errors={fields.staff.errors} />
        </fieldset>
      )}
      <Box mb="3">
        <Text as="p" size="2" weight="medium" mb="2">
          Thumbnail
        </Text>
        {image ? (
          <img
            src={image}
            alt="Thumbnail preview"
            className="stream-form-thumbnail"
            data-testid="stream-thumbnail-preview"
          />
        ) : null}
        <ImageUpload
          id={`${kind}-stream-image`}
          name="image"
          purpose={purposes.image}
          defaultValue={image}
          label={image ? "Change Thumbnail" : "Upload Thumbnail"}
          error={fields.image.errors?.[0]}
          onUploaded={setImage}
          onUploadingChange={(on) => setBusy((b) => ({ ...b, image: on }))}
        />
        <Text as="p" size="1" color="gray">
          {purposes.imageHint}
        </Text>
      </Box>
      <Box mb="3">
        <Text as="p" size="2" weight="medium" mb="2">
          Video
        </Text>
        {video ? (
          <Flex direction="column" gap="2" mb="2">
            <video
              src={video}
              controls
              preload="metadata"
              className="stream-form-video"
              data-testid="stream-video-preview"
            />
            <Button
              type="button"
              variant="soft"
              color="red"
              className="js-only"
              onClick={() => {
                setVideo("");
                setVideoNote(UI_MSG.videoDeleted);
              }}
            >
              Remove Video
            </Button>
          </Flex>
        ) : null}
        {videoNote ? (
          <Text as="p" size="2" color="green" role="status">
            {videoNote}
          </Text>
        ) : null}
        <ImageUpload
          id={`${kind}-stream-video`}
          name="video"
          purpose={purposes.video}
          inParts={sendInParts}
          defaultValue={video}
          label={video ? "Change Video" : "Upload Video"}
          error={fields.video.errors?.[0]}
          onUploaded={(location) => {
            setVideo(location);
            setVideoNote("");
          }}
          onUploadingChange={(on) => setBusy((b) => ({ ...b, video: on }))}
        />
        <Text as="p" size="1" color="gray">
          {purposes.videoHint}{" "}
          {uploadRule(purposes.video).resumable
            ? "Large videos upload in parts and resume after a dropped connection."
            : ""}
        </Text>
      </Box>
      <FormError errors={form.errors} id={form.errorId} />
      <Flex gap="3" mt="4">
        {kind === "campaign" ? (
          <Button asChild variant="outline" color="gray">
            <Link to={backHref} preventScrollReset>
              Cancel
            </Link>
          </Button>
        ) : null}
        <Button type="submit" loading={saving} disabled={saved || (hydrated && !ready)} data-testid="stream-save">
          {mode === "add" ? "Save" : "Update"}
        </Button>
        <DismissLink to={backHref}>Back</DismissLink>
      </Flex>
    </Form>
  );
}
