import { segmentedTabs, TabList } from "../../../components/tab-list";

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
  return (
    <TabList
      tabs={SOURCES}
      selected={selected}
      onSelect={onSelect}
      label="Highlight media"
      tabId={(source) => sourceTabId(baseId, source)}
      panelId={() => sourcePanelId(baseId)}
      className={`grid grid-cols-2 ${segmentedTabs.track}`}
      tabClassName={(active) => `${segmentedTabs.tab(active)} px-3 py-2 text-sm`}
      disabled={disabled}
    />
  );
}
