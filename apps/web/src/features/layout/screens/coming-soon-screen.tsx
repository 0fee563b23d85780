import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { SparklesIcon } from "../../../components/icons";
import { useDocumentTitle } from "../../../lib/use-document-title";

interface ComingSoonScreenProps {
  title: string;
  description: string;
}

/** Honest placeholder for screens a later issue builds: it names the screen and shows no made-up data. */
export function ComingSoonScreen({ title, description }: ComingSoonScreenProps) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-zinc-200/80 bg-white px-6 py-14 text-center shadow-sm sm:px-12">
      <span className="bg-brand flex size-16 items-center justify-center rounded-2xl text-white shadow-lg shadow-fuchsia-600/25">
        <SparklesIcon className="size-8" />
      </span>
      <p className="mt-6 text-xs font-semibold tracking-[0.2em] text-fuchsia-600 uppercase">Coming soon</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-md text-zinc-600">{description}</p>
      <Link to="/profile" className={`${buttonStyles.secondary} mt-8`}>
        Go to your profile
      </Link>
    </section>
  );
}
