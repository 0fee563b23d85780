/** A progress as the bars show it: a whole percent from 0 to 100. */
export function wholePercent(percent: number): number {
  return Math.max(0, Math.min(100, Math.round(percent)));
}

/** What makes an element a named progress bar of `value` percent for assistive technology. */
export function progressbarProps(label: string, value: number) {
  return {
    role: "progressbar",
    "aria-label": label,
    "aria-valuemin": 0,
    "aria-valuemax": 100,
    "aria-valuenow": value,
    "aria-valuetext": `${value}%`,
  } as const;
}
