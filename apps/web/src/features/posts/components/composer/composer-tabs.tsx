import { useRovingTabs } from "../../../../lib/use-roving-tabs";

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

/** A WAI-ARIA tablist: one tab stop, arrows/Home/End move and select. */
export function ComposerTabs({ baseId, selected, onSelect }: ComposerTabsProps) {
  const { onKeyDown, tabRef } = useRovingTabs(COMPOSER_TABS, selected, onSelect);

  return (
    <div
      role="tablist"
      aria-label="What to share"
      onKeyDown={onKeyDown}
      className="grid grid-cols-3 gap-1 rounded-xl bg-zinc-100 p-1"
    >
      {COMPOSER_TABS.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={tabRef(tab.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId(baseId, tab.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`rounded-lg px-3 py-2 text-sm font-semibold transition ${
              active ? "bg-white text-zinc-900 shadow-sm" : "text-zinc-500 hover:text-zinc-800"
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
