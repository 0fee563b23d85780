export const inputClass =
  "block w-full rounded-xl border border-zinc-300 bg-white px-4 py-3 text-base text-zinc-900 shadow-sm transition placeholder:text-zinc-500 hover:border-zinc-400 focus:border-fuchsia-500 focus:ring-4 focus:ring-fuchsia-500/15 focus:outline-none aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15 sm:text-sm";

export const labelClass = "mb-1.5 block text-sm font-medium text-zinc-800";

export const fieldErrorClass = "mt-1.5 text-sm text-red-600";
