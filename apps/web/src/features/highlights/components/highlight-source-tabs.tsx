import { useRovingTabs } from "../../../lib/use-roving-tabs";

export type HighlightSource = "upload" | "stories";

const SOURCES: { id: HighlightSource; label: string }[] = [
  { id: "upload", label: "Upload" },
  { id: "stories", label: "From your stories" },
];

export const sourceTabId = (baseId: string, source: HighlightSource) => `${baseId}-source-${source}`;
export const sourcePanelId = (baseId: string) => `${baseId}-source-panel`;

interface HighlightSourceTabsProps {
  baseId: string;
  selected: HighlightSource;
  onSelect: (source: HighlightSource) => void;
  disabled: boolean;
}

/** Where the highlight's media comes from: a new file, or a story of the member's archive (an extension). */
export function HighlightSourceTabs({ baseId, selected, onSelect, disabled }: HighlightSourceTabsProps) {
  const { onKeyDown, tabRef } = useRovingTabs(SOURCES, selected, onSelect);
  return (
    <div
      role="tablist"
      aria-label="Highlight media"
      onKeyDown={onKeyDown}
      className="grid grid-cols-2 gap-1 rounded-xl bg-zinc-100 p-1"
    >
      {SOURCES.map((source) => {
        const active = source.id === selected;
        return (
          <button
            key={source.id}
            ref={tabRef(source.id)}
            id={sourceTabId(baseId, source.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={sourcePanelId(baseId)}
            tabIndex={active ? 0 : -1}
            disabled={disabled}
            onClick={() => onSelect(source.id)}
            className={`rounded-lg px-3 py-2 text-sm font-semibold transition disabled:cursor-not-allowed ${
              active ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-500 hover:text-zinc-800"
            }`}
          >
            {source.label}
          </button>
        );
      })}
    </div>
  );
}
