export function Spinner({ className = "size-8" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin motion-reduce:animate-[spin_2s_linear_infinite] rounded-full border-[3px] border-zinc-200 border-t-fuchsia-600 ${className}`}
    />
  );
}
