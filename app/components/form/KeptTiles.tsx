import type { Dispatch, ReactNode, SetStateAction } from "react";

/** An uploaded file shown as a tile; unticking Keep drops it when the form is posted. */
export type KeptTile = { url: string; kept: boolean };

/**
 * The tiles of a multi-file upload field (portfolio, product media): each file with a Keep checkbox posted as
 * `name(tile)=url`, so the form works without JavaScript and nothing saved is lost by accident.
 */
export function KeptTiles<T extends KeptTile>({
  tiles,
  setTiles,
  name,
  preview,
  className,
  testId,
}: {
  tiles: T[];
  setTiles: Dispatch<SetStateAction<T[]>>;
  /** the field each kept tile posts under */
  name: (tile: T) => string;
  preview: (tile: T, index: number) => ReactNode;
  /** the list's class; each item gets the same name without the trailing "s" */
  className: string;
  testId: string;
}) {
  if (!tiles.length) return null;
  const itemClass = className.replace(/s$/, "");
  return (
    <ul className={className} data-testid={testId}>
      {tiles.map((tile, i) => (
        <li key={tile.url} className={itemClass} data-kept={tile.kept || undefined}>
          {preview(tile, i)}
          <label>
            <input
              type="checkbox"
              name={name(tile)}
              value={tile.url}
              checked={tile.kept}
              onChange={(event) => {
                const keep = event.currentTarget.checked;
                setTiles((current) => current.map((t) => (t.url === tile.url ? { ...t, kept: keep } : t)));
              }}
            />
            Keep
          </label>
        </li>
      ))}
    </ul>
  );
}
