/** Settings reached with this history state opens that panel (the return from linking a sign-in). */
export interface SettingsPanelState {
  panel: "linked";
}

export function panelToOpen(state: unknown): SettingsPanelState["panel"] | null {
  return (state as Partial<SettingsPanelState> | null)?.panel === "linked" ? "linked" : null;
}
