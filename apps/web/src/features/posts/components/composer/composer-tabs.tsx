import { segmentedTabs, TabList } from "../../../../components/tab-list";

export type ComposerTab = "post" | "tags" | "flick";

/** Spec §2: the New Post screen's three tabs, posts, tags and flicks. */
export const COMPOSER_TABS: { id: ComposerTab; label: string }[] = [
  { id: "post", label: "Post" },
  { id: "tags", label: "Tags" },
  { id: "flick", label: "Flick" },
];

export const panelId = (baseId: string, tab: ComposerTab) => `${baseId}-panel-${tab}`;

interface ComposerTabsProps {
  baseId: string;
  selected: ComposerTab;
  onSelect: (tab: ComposerTab) => void;
}

/** New post's tabs, a segmented control. */
export function ComposerTabs({ baseId, selected, onSelect }: ComposerTabsProps) {
  return (
    <TabList
      tabs={COMPOSER_TABS}
      selected={selected}
      onSelect={onSelect}
      label="What to share"
      panelId={(tab) => panelId(baseId, tab)}
      className={`grid grid-cols-3 ${segmentedTabs.track}`}
      tabClassName={(active) => `${segmentedTabs.tab(active)} px-3 py-2 text-sm`}
    />
  );
}
