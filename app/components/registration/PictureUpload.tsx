import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { UI_MSG } from "#contract/core/messages-ui";
import { PORTFOLIO_MAX } from "#contract/people/influencers";
import { PUBLIC_UPLOAD_ACCEPT, type PublicUploadPurpose } from "#contract/people/registration";

/**
 * The registration page's pictures: the profile image (one) and the portfolio (up to 8, spec 1 §2, §5; the upload
 * control is hidden at 8). Each picture is a hidden `name` input with its preview. With JavaScript, files go to
 * storage as anonymous uploads when chosen (the upload code loads only then, keeping the page's first load small);
 * without it, the file input `${name}File` is posted with the form (readFormWithFiles) and Remove is a submit button
 * posting `removePicture`.
 */
export function PictureUpload({
  id,
  name,
  purpose,
  max,
  initial,
  errors,
  label,
  onBusy,
}: {
  id: string;
  name: string;
  purpose: PublicUploadPurpose;
  max: number;
  initial: string[];
  errors?: string[] | null;
  label: string;
  onBusy?: (busy: boolean) => void;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [pictures, setPictures] = useState(initial);
  const [busy, setBusy] = useState(0);
  const [notes, setNotes] = useState<{ ok: string[]; failed: string[] }>({ ok: [], failed: [] });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setPictures(initial), [initial.join("\n")]); // eslint-disable-line react-hooks/exhaustive-deps
  // reported when uploading starts or stops (not per file), so the page can count pickers that are busy
  const uploading = busy > 0;
  useEffect(() => onBusy?.(uploading), [uploading]); // eslint-disable-line react-hooks/exhaustive-deps

  async function upload(files: File[]) {
    const room = max === 1 ? 1 : max - pictures.length;
    const chosen = files.slice(0, Math.max(0, room));
    const ok: string[] = [];
    const failed: string[] = files.length > chosen.length ? [UI_MSG.portfolioMax] : [];
    setBusy((n) => n + chosen.length);
    const { sendPublicFile } = await import("./public-upload");
    await Promise.all(
      chosen.map(async (file) => {
        try {
          const stored = await sendPublicFile(file, purpose);
          setPictures((now) => (max === 1 ? [stored.location] : now.length < max ? [...now, stored.location] : now));
          ok.push(max === 1 ? UI_MSG.uploaded : UI_MSG.fileUploaded(file.name));
        } catch (e) {
          failed.push(e instanceof Error ? e.message : UI_MSG.fileUploadFailed(file.name));
        } finally {
          setBusy((n) => n - 1);
        }
      }),
    );
    setNotes({ ok, failed });
    if (input.current) input.current.value = "";
  }

  const single = max === 1;
  const full = !single && pictures.length >= PORTFOLIO_MAX;
  const shown = [...(errors ?? []), ...notes.failed];
  return (
    <Flex direction="column" gap="2">
      <ul className={single ? "picture-single" : "portfolio-grid"} aria-label={`${label} pictures`}>
        {pictures.map((location, i) => (
          <li key={location} className="portfolio-item">
            <input type="hidden" name={name} value={location} />
            <img src={location} alt={single ? label : `${label} picture ${i + 1}`} />
            <button
              type={hydrated ? "button" : "submit"}
              name={hydrated ? undefined : "removePicture"}
              value={hydrated ? undefined : `${name}|${location}`}
              formNoValidate
              className="portfolio-remove"
              aria-label={`Remove ${single ? label : `${label} picture ${i + 1}`}`}
              onClick={hydrated ? () => setPictures((now) => now.filter((l) => l !== location)) : undefined}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {full ? null : (
        <Flex align="center" gap="2" wrap="wrap">
          <input
            ref={input}
            id={id}
            type="file"
            multiple={!single}
            name={`${name}File`}
            accept={PUBLIC_UPLOAD_ACCEPT}
            className={hydrated ? "visually-hidden" : undefined}
            tabIndex={hydrated ? -1 : undefined}
            aria-label={`Upload ${label}`}
            aria-invalid={!hydrated && shown.length ? true : undefined}
            aria-describedby={shown.length ? `${id}-error` : undefined}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              if (files.length) void upload(files);
            }}
          />
          {hydrated ? (
            <Button
              type="button"
              variant="soft"
              onClick={() => input.current?.click()}
              loading={busy > 0}
              aria-invalid={shown.length ? true : undefined}
              aria-describedby={shown.length ? `${id}-error` : undefined}
            >
              {single && pictures.length ? "Change" : "Upload"}
            </Button>
          ) : null}
          <Text size="1" color="gray">
            {single ? "JPG or PNG, under 10 MB" : `${pictures.length} of ${max} · JPG, JPEG or PNG`}
          </Text>
        </Flex>
      )}
      {notes.ok.length ? (
        <Text size="2" color="green" role="status">
          {notes.ok.join(" ")}
        </Text>
      ) : null}
      {shown.length ? (
        <Flex id={`${id}-error`} direction="column" role="alert">
          {shown.map((e) => (
            <Text key={e} size="1" color="red">
              {e}
            </Text>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
