import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { UI_MSG } from "#contract/core/messages-ui";
import { PRODUCT_UI_MSG } from "#contract/products/messages-products-ui";
import {
  PRODUCT_FILES_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_MEDIA_PURPOSE,
  PRODUCT_VIDEOS_MAX,
} from "#contract/products/products";
import { checkFile, normalizeContentType, uploadRule, uploadedMessage } from "#contract/uploads/uploads";
import { refusalMessage, sendFile } from "~/lib/upload.client";
import { ErrorList } from "~/components/form/Field";
import { KeptTiles } from "~/components/form/KeptTiles";

type Tile = { url: string; kind: "images" | "videos"; kept: boolean };

const isVideo = (file: File) => normalizeContentType(file.type).startsWith("video/");

/**
 * The media panel (spec 2 §5 Media): 1 to 10 images and at most 1 video. Each file the product holds is a checkbox
 * (`images` or `videos`, checked: kept), so removing works without JavaScript. New files: without JavaScript a `multiple`
 * file input `mediaFile` posted with the form (the action uploads and sorts them); with JavaScript each chosen file is
 * checked (type, size, counts; more than 11 at once clears the choice) and uploaded at once, with previews.
 */
export function MediaPanel({
  images,
  videos,
  errors,
  typeMessage,
  onUploadingChange,
}: {
  images: string[];
  videos: string[];
  errors?: string[];
  /** the message for a file of the wrong type when it is not the media rule's (spec 2 §5: the Edit page's) */
  typeMessage?: string;
  onUploadingChange?: (busy: boolean) => void;
}) {
  const rule = uploadRule(PRODUCT_MEDIA_PURPOSE);
  const [hydrated, setHydrated] = useState(false);
  const [tiles, setTiles] = useState<Tile[]>(() => [
    ...images.map((url) => ({ url, kind: "images" as const, kept: true })),
    ...videos.map((url) => ({ url, kind: "videos" as const, kept: true })),
  ]);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);

  const kept = (kind: Tile["kind"]) => tiles.filter((t) => t.kept && t.kind === kind).length;

  async function choose(files: File[]) {
    setProblems([]);
    setDone([]);
    const clear = () => {
      if (input.current) input.current.value = "";
    };
    // spec 2 §5: more than 11 files chosen at once: the message, and the list is cleared
    if (files.length > PRODUCT_FILES_MAX) {
      setProblems([PRODUCT_UI_MSG.productFilesMax]);
      return clear();
    }
    const found: string[] = [];
    let roomImages = PRODUCT_IMAGES_MAX - kept("images");
    let roomVideos = PRODUCT_VIDEOS_MAX - kept("videos");
    const accepted: File[] = [];
    for (const file of files) {
      const problem = checkFile(PRODUCT_MEDIA_PURPOSE, file);
      if (problem) {
        found.push(refusalMessage(PRODUCT_MEDIA_PURPOSE, problem.message, typeMessage));
        continue;
      }
      if (isVideo(file)) {
        if (roomVideos <= 0) found.push(PRODUCT_UI_MSG.productVideosMax);
        else {
          roomVideos--;
          accepted.push(file);
        }
      } else if (roomImages <= 0) found.push(PRODUCT_UI_MSG.productImagesMax);
      else {
        roomImages--;
        accepted.push(file);
      }
    }
    clear();
    if (!accepted.length) return setProblems([...new Set(found)]);
    setBusy(true);
    onUploadingChange?.(true);
    const uploaded: string[] = [];
    for (const file of accepted) {
      try {
        const stored = await sendFile(file, PRODUCT_MEDIA_PURPOSE);
        const kind = stored.contentType.startsWith("video/") ? "videos" : "images";
        setTiles((current) => [...current, { url: stored.location, kind, kept: true }]);
        uploaded.push(uploadedMessage(PRODUCT_MEDIA_PURPOSE, file.name));
      } catch (e) {
        found.push(
          e instanceof Error && e.message
            ? refusalMessage(PRODUCT_MEDIA_PURPOSE, e.message, typeMessage)
            : UI_MSG.fileUploadFailed(file.name),
        );
      }
    }
    setBusy(false);
    onUploadingChange?.(false);
    setProblems([...new Set(found)]);
    setDone(uploaded);
  }

  return (
    <fieldset className="media-panel" aria-invalid={errors?.length ? true : undefined}>
      <legend>Media</legend>
      <Text as="p" size="1" color="gray" mb="2">
        Up to 10 images (JPG, PNG, WEBP) and 1 video, each under 50 MB. The first image is the product&apos;s main
        image.
      </Text>
      <KeptTiles
        tiles={tiles}
        setTiles={setTiles}
        name={(tile) => tile.kind}
        preview={(tile, i) =>
          tile.kind === "videos" ? (
            // a video plays in place, and says what it is before its first frame has loaded
            <>
              <video
                src={tile.url}
                controls
                muted
                playsInline
                preload="metadata"
                aria-label={`Product video ${i + 1}`}
              />
              <span className="media-kind">Video</span>
            </>
          ) : (
            <img src={tile.url} alt={`Product image ${i + 1}`} loading="lazy" />
          )
        }
        className="media-tiles"
        testId="media-tiles"
      />
      <Flex align="center" gap="2" wrap="wrap" mt="2">
        <input
          ref={input}
          id="product-media"
          type="file"
          name="mediaFile"
          multiple
          accept={`${rule.accept},video/x-flv,video/mp2t,video/3gpp,video/x-matroska,video/quicktime`}
          className={hydrated ? "visually-hidden" : "image-upload-input"}
          aria-label="Upload images and video"
          tabIndex={hydrated ? -1 : undefined}
          onChange={(event) => void choose([...(event.currentTarget.files ?? [])])}
        />
        {hydrated ? (
          <Button type="button" variant="soft" loading={busy} onClick={() => input.current?.click()}>
            Upload images and video
          </Button>
        ) : null}
      </Flex>
      {done.length ? (
        <Text as="div" size="2" color="green" role="status">
          {done.map((message) => (
            <p key={message} className="media-done">
              {message}
            </p>
          ))}
        </Text>
      ) : null}
      <Box mt="1">
        <ErrorList errors={[...problems, ...(errors ?? [])]} />
      </Box>
    </fieldset>
  );
}
