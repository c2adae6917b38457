import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { PORTFOLIO_MAX } from "#contract/people/influencers";
import { UI_MSG } from "#contract/core/messages-ui";
import { checkFile, uploadRule } from "#contract/uploads/uploads";
import { ErrorList } from "~/components/form/Field";
import { KeptTiles, type KeptTile } from "~/components/form/KeptTiles";
import { sendFile } from "~/lib/upload.client";

type Tile = KeptTile;

/**
 * spec 1 §5 Add Influencer portfolio: 1 to 8 JPG/JPEG/PNG images. Each picture the form holds is a checkbox
 * `portfolio` (checked: kept), so removing one works without JavaScript too. New pictures: without JavaScript a
 * `multiple` file input `portfolioFile`, uploaded by the action (readFormWithFiles); with JavaScript each chosen
 * file is checked and uploaded at once and shown as a preview. The upload button hides at 8 pictures.
 */
export function PortfolioField({
  id,
  value,
  errors,
  onUploadingChange,
}: {
  id: string;
  /** the pictures the form holds now (the influencer's, or ones uploaded before a refused submit) */
  value: readonly string[];
  errors?: string[] | null;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const rule = uploadRule("portfolio");
  const [hydrated, setHydrated] = useState(false);
  const [tiles, setTiles] = useState<Tile[]>(() => value.map((url) => ({ url, kept: true })));
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);
  // a new answer from the server (a refused submit) is the truth again
  const valueKey = value.join("\n");
  useEffect(() => setTiles(valueKey ? valueKey.split("\n").map((url) => ({ url, kept: true })) : []), [valueKey]);

  const kept = tiles.filter((t) => t.kept).length;
  const room = PORTFOLIO_MAX - kept;

  async function upload(files: File[]) {
    setProblems([]);
    setDone(null);
    const found: string[] = [];
    if (files.length > room) found.push(UI_MSG.portfolioMax);
    const chosen = files.slice(0, Math.max(0, room));
    setBusy(true);
    onUploadingChange?.(true);
    let count = 0;
    for (const file of chosen) {
      const problem = checkFile("portfolio", file);
      if (problem) {
        found.push(problem.message);
        continue;
      }
      try {
        const url = (await sendFile(file, "portfolio")).location;
        setTiles((current) => [...current, { url, kept: true }]);
        count++;
      } catch (error) {
        found.push(error instanceof Error && error.message ? error.message : UI_MSG.fileUploadFailed(file.name));
      }
    }
    setBusy(false);
    onUploadingChange?.(false);
    // the spec's words, once each
    setProblems([...new Set(found)]);
    if (count) setDone(UI_MSG.uploaded);
    if (input.current) input.current.value = "";
  }

  const errorId = `${id}-error`;
  return (
    <fieldset
      className="portfolio-field"
      aria-describedby={errors?.length ? errorId : undefined}
      aria-invalid={errors?.length ? true : undefined}
    >
      <legend>Portfolio</legend>
      <KeptTiles
        tiles={tiles}
        setTiles={setTiles}
        name={() => "portfolio"}
        preview={(tile, i) => <img src={tile.url} alt={`Portfolio image ${i + 1}`} loading="lazy" />}
        className="portfolio-tiles"
        testId="portfolio-tiles"
      />
      <Flex align="center" gap="2" wrap="wrap" mt="2">
        <input
          ref={input}
          id={id}
          type="file"
          name="portfolioFile"
          multiple
          accept={rule.accept}
          className={hydrated ? "visually-hidden" : "image-upload-input"}
          aria-label="Upload portfolio images"
          tabIndex={hydrated ? -1 : undefined}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            if (files.length) void upload(files);
          }}
        />
        {hydrated && room > 0 ? (
          <Button type="button" variant="soft" onClick={() => input.current?.click()} loading={busy}>
            Upload portfolio images
          </Button>
        ) : null}
        <Text size="1" color="gray">
          {kept} of {PORTFOLIO_MAX} · JPG, JPEG or PNG, under 10 MB each
          {hydrated ? "" : " · untick Keep to remove a picture"}
        </Text>
      </Flex>
      {done ? (
        <Text as="p" size="2" color="green" role="status">
          {done}
        </Text>
      ) : null}
      <ErrorList errors={problems} />
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
