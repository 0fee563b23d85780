import type { ReactNode } from "react";
import { ChatIcon, FlicksIcon, SparklesIcon } from "../../../components/icons";
import { Wordmark } from "../../../components/wordmark";
import { useDocumentTitle } from "../../../lib/use-document-title";

interface AuthShellProps {
  /** Tab title, e.g. "Log in" → "Log in · Flik". */
  title: string;
  heading: string;
  tagline: string;
  children: ReactNode;
  footer?: ReactNode;
}

const highlights = [
  { icon: SparklesIcon, text: "Posts and stories from the people you follow" },
  { icon: FlicksIcon, text: "Short vertical videos, made to be watched full screen" },
  { icon: ChatIcon, text: "Real-time chat and live notifications" },
];

/** Sign-up, sign-in and forgot-password share this frame: a brand panel on desktop, a card everywhere. */
export function AuthShell({ title, heading, tagline, children, footer }: AuthShellProps) {
  useDocumentTitle(title);
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-2">
      {/* The brand panel, beside the form on desktop: a landmark of its own, its words in solid white
          (AA on every stop of the gradient; 70 % and 90 % white were 2.8:1 and 3.9:1 on its light end). */}
      <aside
        aria-label="About Flik"
        className="bg-brand relative hidden overflow-hidden p-12 text-white lg:flex lg:flex-col lg:justify-between xl:p-16"
      >
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -left-16 size-96 rounded-full bg-black/10 blur-3xl"
        />
        <Wordmark tone="light" className="relative" />
        <div className="relative max-w-md">
          <p className="text-4xl leading-tight font-bold tracking-tight xl:text-5xl">
            Share the moments that move you.
          </p>
          <ul className="mt-10 space-y-5">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-4 text-base text-white">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/25">
                  <Icon className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-white">Flik · made for the people you care about</p>
      </aside>

      <main className="flex min-h-dvh items-center justify-center px-4 py-10 sm:px-6">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-zinc-200/80 bg-white p-6 shadow-xl shadow-zinc-900/5 sm:p-8">
            <Wordmark className="mb-6 lg:hidden" />
            <h1 className="text-2xl font-bold tracking-tight text-zinc-900">{heading}</h1>
            <p className="mt-1.5 text-sm text-zinc-600">{tagline}</p>
            <div className="mt-8">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-zinc-600">{footer}</div>}
        </div>
      </main>
    </div>
  );
}

export const authLinkClass =
  "rounded font-semibold text-fuchsia-700 underline-offset-4 hover:text-fuchsia-800 hover:underline";
