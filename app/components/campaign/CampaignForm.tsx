import type { SubmissionResult } from "@conform-to/react";
import { Box, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { Form, Link } from "~/components/remix";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { Field, FormError, TextAreaField } from "~/components/form/Field";
import { ImageUpload } from "~/components/form/ImageUpload";
import { DAY_FIELD, shownDay } from "~/components/form/day-field";
import type { SavedNotice } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { SectionCard } from "~/components/layout/SectionCard";

/**
 * The Add New Campaign and Edit Campaign page (spec 3 §2 Campaign add and edit, §5 Campaign): Basic Info (name,
 * description, start and end date), Thumbnail and Video cards. Add: Save as draft, Publish, Back. Edit: Update, Back
 * (and Publish while the campaign is a draft: ours, so a draft can be published from its page). Every rule is reported
 * on the first submit (the action runs the contract's schema); dates are DD/MM/YYYY; once the campaign is Ongoing or
 * Past its dates are shown read-only (spec 3 §4).
 */
export function CampaignForm({
  mode,
  record,
  reply,
  saved,
  defaultValue,
  backHref,
  isDraft,
  datesLocked,
  children,
}: {
  mode: "add" | "edit";
  record?: string;
  reply: { result: SubmissionResult<string[]> } | null;
  saved: SavedNotice | null;
  defaultValue: Record<string, string>;
  backHref: string;
  isDraft: boolean;
  datesLocked: boolean;
  /** on edit: the Influencers card */
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({
    id: `${mode}-campaign`,
    record,
    lastResult: reply?.result,
    defaultValue,
  });
  const initial = (name: "thumbnail" | "video") =>
    typeof fields[name].initialValue === "string" ? fields[name].initialValue : "";
  const [thumbnail, setThumbnail] = useState(initial("thumbnail"));
  const [video, setVideo] = useState(initial("video"));
  const [busy, setBusy] = useState({ thumbnail: false, video: false });
  const saving = navigation.state === "submitting";
  const day = (name: "start" | "end") => ({
    ...DAY_FIELD,
    defaultValue: shownDay(typeof fields[name].initialValue === "string" ? fields[name].initialValue : ""),
    readOnly: datesLocked || undefined,
  });
  const disabled = !!saved || saving || busy.thumbnail || busy.video;

  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <Heading as="h1" size="6" mb="4">
        {mode === "add" ? "Add New Campaign" : "Edit Campaign"}
      </Heading>
      <Form key={key} method="post" encType="multipart/form-data" {...getFormProps(form)}>
        {/* Enter in a field: the first submit button is the form's default (Update, or Publish on add) */}
        <SectionCard title="Basic Info" mb="4">
          <Field label="Name" field={fields.title} inputProps={{ autoComplete: "off" }} />
          <TextAreaField label="Description" field={fields.description} />
          <Flex gap="4" wrap="wrap">
            <Field label="Start Date" field={fields.start} inputProps={day("start")} />
            <Field label="End Date" field={fields.end} inputProps={day("end")} />
          </Flex>
          {datesLocked ? (
            <Text as="p" size="2" color="gray">
              The dates cannot be changed once the campaign is Ongoing or Past.
            </Text>
          ) : null}
        </SectionCard>
        <SectionCard title="Thumbnail" mb="4">
          {thumbnail ? (
            <img src={thumbnail} alt="Thumbnail preview" width={160} data-testid="campaign-thumbnail-preview" />
          ) : null}
          <ImageUpload
            id={`${mode}-campaign-thumbnail`}
            name="thumbnail"
            purpose="streamThumbnail"
            defaultValue={thumbnail}
            label={thumbnail ? "Change Thumbnail" : "Upload Thumbnail"}
            error={fields.thumbnail.errors?.[0]}
            onUploaded={setThumbnail}
            onUploadingChange={(on) => setBusy((b) => ({ ...b, thumbnail: on }))}
          />
          <Text as="p" size="1" color="gray">
            JPG, JPEG or PNG; one file.
          </Text>
        </SectionCard>
        <SectionCard title="Video" mb="4">
          {video ? (
            <video src={video} controls preload="metadata" width={320} data-testid="campaign-video-preview" />
          ) : null}
          <ImageUpload
            id={`${mode}-campaign-video`}
            name="video"
            purpose="streamVideo"
            defaultValue={video}
            label={video ? "Change Video" : "Upload Video"}
            error={fields.video.errors?.[0]}
            onUploaded={setVideo}
            onUploadingChange={(on) => setBusy((b) => ({ ...b, video: on }))}
          />
          <Text as="p" size="1" color="gray">
            MP4, WEBM, 3GP, FLV, AVI or TS, under 50 MB; one file.
          </Text>
        </SectionCard>
        <FormError errors={form.errors} id={form.errorId} />
        <Flex gap="3" mt="2" mb="4" wrap="wrap">
          {mode === "add" ? (
            <>
              <Button type="submit" name="isDraft" value="false" disabled={disabled}>
                Publish
              </Button>
              <Button type="submit" name="isDraft" value="true" variant="soft" disabled={disabled}>
                Save as draft
              </Button>
            </>
          ) : (
            <>
              <Button type="submit" disabled={disabled}>
                Update
              </Button>
              {isDraft ? (
                <Button type="submit" name="isDraft" value="false" variant="soft" disabled={disabled}>
                  Publish
                </Button>
              ) : null}
            </>
          )}
          <Button asChild variant="soft" color="gray">
            <Link to={backHref}>Back</Link>
          </Button>
        </Flex>
      </Form>
      {children}
    </Box>
  );
}
