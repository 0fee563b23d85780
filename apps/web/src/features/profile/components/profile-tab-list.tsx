import { FlicksIcon, GridIcon, TagIcon } from "../../../components/icons";
import { useRovingTabs } from "../../../lib/use-roving-tabs";
import { PROFILE_TABS, type ProfileTab } from "../profile-tabs";

const icons = { posts: GridIcon, fliks: FlicksIcon, tags: TagIcon } as const;

export const profileTabId = (baseId: string, tab: ProfileTab) => `${baseId}-tab-${tab}`;
export const profilePanelId = (baseId: string) => `${baseId}-panel`;

interface ProfileTabListProps {
  baseId: string;
  selected: ProfileTab;
  onSelect: (tab: ProfileTab) => void;
}

/** A WAI-ARIA tablist: one tab stop; arrows, Home and End move and select. */
export function ProfileTabList({ baseId, selected, onSelect }: ProfileTabListProps) {
  const { onKeyDown, tabRef } = useRovingTabs(PROFILE_TABS, selected, onSelect);

  return (
    <div
      role="tablist"
      aria-label="Profile content"
      onKeyDown={onKeyDown}
      className="grid grid-cols-3 border-t border-zinc-200 sm:flex sm:justify-center sm:gap-14"
    >
      {PROFILE_TABS.map((tab) => {
        const active = tab.id === selected;
        const Icon = icons[tab.id];
        return (
          <button
            key={tab.id}
            ref={tabRef(tab.id)}
            id={profileTabId(baseId, tab.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={profilePanelId(baseId)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`-mt-px flex h-12 items-center justify-center gap-2 border-t-2 text-xs font-semibold tracking-wider uppercase transition ${
              active
                ? "border-zinc-900 text-zinc-900"
                : "border-transparent text-zinc-500 hover:text-zinc-800"
            }`}
          >
            <Icon className="size-4" />
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
