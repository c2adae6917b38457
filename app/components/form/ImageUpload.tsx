import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { UI_MSG } from "#contract/core/messages-ui";
import {
  checkFile,
  normalizeContentType,
  uploadRule,
  uploadedMessage,
  type UploadPurpose,
} from "#contract/uploads/uploads";
import { refusalMessage, sendFile, type PartsSender, type UploadApi } from "~/lib/upload.client";

type UploadState =
  | { status: "idle" }
  | { status: "uploading"; percent: number }
  | { status: "done"; message: string }
  | { status: "error"; message: string };

/**
 * The one image picker (avatar, shop images, staff, portfolio…). With JavaScript: the file goes straight to
 * storage through a signed URL (progress, then 'Uploaded!' or, for the catalogue, '{file} file uploaded successfully')
 * and the hidden input `name` holds its location.
 * Without JavaScript: a plain file input named `${name}File` is posted with the form, and the action streams it
 * to the API with `readFormWithFiles` (app/services/upload.server.ts). Checks run before sending (spec 1 §4).
 */
export function ImageUpload({
  id,
  name,
  purpose,
  defaultValue,
  label = "Upload",
  submitLabel,
  error,
  onUploaded,
  onUploadingChange,
  notAnImage,
  api = "upload",
  inParts,
}: {
  id: string;
  name: string;
  purpose: UploadPurpose;
  defaultValue?: string | null;
  /** the button that opens the file picker */
  label?: string;
  /** without JavaScript: a submit button beside the file input (for forms that hold only the picture) */
  submitLabel?: string;
  /** a message from the server (the no-JavaScript path) */
  error?: string | null;
  onUploaded?: (location: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
  /** only images are taken (of a purpose that also takes videos), and another file says this (spec 2 §5, Edit page) */
  notAnImage?: string;
  /** "upload/public" on the public registration page */
  api?: UploadApi;
  /** how a resumable purpose (stream videos) is sent in parts: the stream form passes `sendInParts` */
  inParts?: PartsSender;
}) {
  const rule = uploadRule(purpose);
  const [hydrated, setHydrated] = useState(false);
  const [location, setLocation] = useState(defaultValue ?? "");
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const next = defaultValue ?? "";
    if (next === location) return;
    setLocation(next);
    // the form set or cleared the file (Remove Video): a message shows the current state only, not an earlier upload's
    setState({ status: "idle" });
  }, [defaultValue]); // eslint-disable-line react-hooks/exhaustive-deps

  const accept = notAnImage ? rule.types.filter((type) => type.startsWith("image/")).join(",") : rule.accept;

  async function upload(file: File) {
    const problem = checkFile(purpose, file);
    const image = normalizeContentType(file.type).startsWith("image/");
    if (notAnImage && (!image || problem?.field === "contentType"))
      return setState({ status: "error", message: notAnImage });
    if (problem) return setState({ status: "error", message: problem.message });
    setState({ status: "uploading", percent: 0 });
    onUploadingChange?.(true);
    try {
      const stored = await sendFile(file, purpose, {
        api,
        inParts,
        onProgress: (percent) => setState({ status: "uploading", percent }),
      });
      setLocation(stored.location);
      setState({ status: "done", message: uploadedMessage(purpose, file.name) });
      onUploaded?.(stored.location);
    } catch (e) {
      setState({
        status: "error",
        message:
          e instanceof Error ? refusalMessage(purpose, e.message, notAnImage) : UI_MSG.fileUploadFailed(file.name),
      });
    } finally {
      onUploadingChange?.(false);
      if (input.current) input.current.value = "";
    }
  }

  const message = state.status === "error" ? state.message : error;
  return (
    <Flex direction="column" gap="2" className="image-upload">
      <input type="hidden" name={name} value={location} />
      <Flex align="center" gap="2" wrap="wrap">
        <input
          ref={input}
          id={id}
          type="file"
          name={`${name}File`}
          accept={accept}
          // shown without JavaScript; with it the button below opens it (app.css hides it by the scripting setting, so
          // nothing moves when scripts run)
          className="image-upload-input"
          // a form with its own submit button names the file box apart from that button
          aria-label={submitLabel ? `${label}: choose a file` : label}
          tabIndex={hydrated ? -1 : undefined}
          required={!hydrated && !!submitLabel}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button
          type="button"
          variant="soft"
          className="js-only"
          onClick={() => input.current?.click()}
          loading={state.status === "uploading"}
        >
          {label}
        </Button>
        {submitLabel ? (
          <Button type="submit" variant="soft" className="no-js-only">
            {submitLabel}
          </Button>
        ) : null}
      </Flex>
      {state.status === "uploading" ? (
        <Flex align="center" gap="2">
          <progress className="image-upload-progress" max={100} value={state.percent} aria-label="Upload progress" />
          <Text size="1" color="gray">
            {state.percent}%
          </Text>
        </Flex>
      ) : null}
      {state.status === "done" ? (
        <Text size="2" color="green" role="status">
          {state.message}
        </Text>
      ) : null}
      {message ? (
        <Text size="2" color="red" role="alert">
          {message}
        </Text>
      ) : null}
    </Flex>
  );
}
