const base =
  "inline-flex items-center justify-center gap-2 rounded-xl px-5 py-3 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60";

export const buttonStyles = {
  primary: `${base} bg-brand text-white shadow-lg shadow-fuchsia-600/20 hover:brightness-110 active:brightness-95`,
  secondary: `${base} border border-zinc-200 bg-white text-zinc-800 hover:bg-zinc-50 active:bg-zinc-100`,
  ghost: `${base} text-zinc-700 hover:bg-zinc-100`,
  /** A destructive choice beside others (Block, Delete): red text on the secondary look. */
  dangerOutline: `${base} border border-zinc-200 bg-white text-red-600 hover:bg-red-50 active:bg-red-100`,
  danger: `${base} bg-red-600 text-white shadow-lg shadow-red-600/20 hover:bg-red-700 active:bg-red-800`,
} as const;
