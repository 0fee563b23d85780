import type { ReactNode } from "react";
import { useRovingTabs } from "../lib/use-roving-tabs";

export interface TabItem {
  id: string;
  label: string;
}

interface TabListProps<Tab extends TabItem> {
  tabs: readonly Tab[];
  selected: Tab["id"];
  onSelect: (id: Tab["id"]) => void;
  /** The tablist's accessible name. */
  label: string;
  /** Each tab's id, for a panel named by its tab (`aria-labelledby`). */
  tabId?: (id: Tab["id"]) => string;
  /** The panel a tab controls. */
  panelId: (id: Tab["id"]) => string;
  /** The row: its layout and look. */
  className: string;
  /** A tab's look, selected or not. */
  tabClassName: (selected: boolean) => string;
  disabled?: boolean;
  /** What a tab shows (an icon, a count); its label by default. */
  renderTab?: (tab: Tab) => ReactNode;
  /** A tab's accessible name, where what it shows says more than its label (a count). */
  tabName?: (tab: Tab) => string | undefined;
}

/**
 * Every tab row of the app, a WAI-ARIA tablist: one tab stop; arrows, Home and End move to a tab and
 * select it; each tab names the panel it controls.
 */
export function TabList<Tab extends TabItem>(props: TabListProps<Tab>) {
  const { tabs, selected, onSelect, tabId, panelId, tabClassName, renderTab, tabName } = props;
  const { onKeyDown, tabRef } = useRovingTabs(tabs, selected, onSelect);
  return (
    <div role="tablist" aria-label={props.label} onKeyDown={onKeyDown} className={props.className}>
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={tabRef(tab.id)}
            id={tabId?.(tab.id)}
            type="button"
            role="tab"
            aria-selected={active}
            aria-label={tabName?.(tab)}
            aria-controls={panelId(tab.id)}
            tabIndex={active ? 0 : -1}
            disabled={props.disabled}
            onClick={() => onSelect(tab.id)}
            className={tabClassName(active)}
          >
            {renderTab ? renderTab(tab) : tab.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * A segmented control's look (New post, a highlight's media, the chat filters): the selected tab dark
 * with white text on a grey track, as Explore's topics. A white pill there was 1.1:1 against the track,
 * the selection told only by a darker text (WCAG 1.4.11 asks 3:1 of a state).
 */
export const segmentedTabs = {
  track: "gap-1 rounded-xl bg-zinc-100 p-1",
  tab: (selected: boolean) =>
    `rounded-lg font-semibold transition disabled:cursor-not-allowed ${
      // zinc-600 on the zinc-100 track: zinc-500 there is 4.4:1, under WCAG AA's 4.5.
      selected ? "bg-zinc-900 text-white shadow-sm" : "text-zinc-600 hover:text-zinc-900"
    }`,
} as const;
