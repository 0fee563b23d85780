/**
 * "Resend code in 30s", then a "Resend code" button (spec §9's countdowns). Not a live region: a number
 * changing every second would be read out every second.
 */
export function ResendCode({
  secondsLeft,
  busy,
  onResend,
}: {
  secondsLeft: number;
  busy: boolean;
  onResend: () => void;
}) {
  return (
    <p className="text-sm text-zinc-600">
      Didn't get it?{" "}
      {secondsLeft > 0 ? (
        <span className="font-medium text-zinc-700 tabular-nums">Resend code in {secondsLeft}s</span>
      ) : (
        <button
          type="button"
          onClick={onResend}
          disabled={busy}
          className="rounded font-semibold text-fuchsia-700 underline-offset-4 hover:text-fuchsia-800 hover:underline disabled:opacity-60"
        >
          {busy ? "Sending..." : "Resend code"}
        </button>
      )}
    </p>
  );
}
