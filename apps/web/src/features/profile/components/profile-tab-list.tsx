import { FlicksIcon, TagIcon } from "../../../components/icons";
import { GridIcon } from "../../../components/later-icons";
import { TabList } from "../../../components/tab-list";
import { PROFILE_TABS, type ProfileTab } from "../profile-tabs";

const icons = { posts: GridIcon, fliks: FlicksIcon, tags: TagIcon } as const;

export const profileTabId = (baseId: string, tab: ProfileTab) => `${baseId}-tab-${tab}`;
export const profilePanelId = (baseId: string) => `${baseId}-panel`;

interface ProfileTabListProps {
  baseId: string;
  selected: ProfileTab;
  onSelect: (tab: ProfileTab) => void;
}

/** The profile's tabs: icons and capitals over the grid, as Instagram's. */
export function ProfileTabList({ baseId, selected, onSelect }: ProfileTabListProps) {
  return (
    <TabList
      tabs={PROFILE_TABS}
      selected={selected}
      onSelect={onSelect}
      label="Profile content"
      tabId={(tab) => profileTabId(baseId, tab)}
      panelId={() => profilePanelId(baseId)}
      className="grid grid-cols-3 border-t border-zinc-200 sm:flex sm:justify-center sm:gap-14"
      tabClassName={(active) =>
        `-mt-px flex h-12 items-center justify-center gap-2 border-t-2 text-xs font-semibold tracking-wider uppercase transition ${
          active ? "border-zinc-900 text-zinc-900" : "border-transparent text-zinc-500 hover:text-zinc-800"
        }`
      }
      renderTab={(tab) => {
        const Icon = icons[tab.id];
        return (
          <>
            <Icon className="size-4" />
            {tab.label}
          </>
        );
      }}
    />
  );
}
