"use client";

import { useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
}

/**
 * A row of tabs that is one tab stop (WAI-ARIA's tabs pattern): Tab reaches the selected tab, the
 * arrow keys, Home and End move between tabs and select them. Each tab controls the panel whose id is
 * `${idPrefix}-panel-${tab}` (or `panelId` when one panel is redrawn for every tab).
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  panelId,
  className = "",
  tabClassName,
}: {
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (tab: T) => void;
  idPrefix: string;
  panelId?: string;
  className?: string;
  tabClassName: (isSelected: boolean) => string;
}) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const next = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!.id;
    onSelect(target);
    buttons.current.get(target)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element) buttons.current.set(tab.id, element);
            else buttons.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.id}`}
          aria-controls={panelId ?? `${idPrefix}-panel-${tab.id}`}
          aria-selected={tab.id === selected}
          tabIndex={tab.id === selected ? 0 : -1}
          onKeyDown={onKeyDown}
          onClick={() => onSelect(tab.id)}
          className={tabClassName(tab.id === selected)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
