import { type KeyboardEvent, useRef } from "react";

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
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = COMPOSER_TABS.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: COMPOSER_TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = COMPOSER_TABS[(target + COMPOSER_TABS.length) % COMPOSER_TABS.length];
    if (!next) return;
    onSelect(next.id);
    refs.current[next.id]?.focus();
  }

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
            ref={(button) => {
              refs.current[tab.id] = button;
            }}
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
