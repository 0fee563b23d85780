import { useEffect, useRef, useState } from "react";
import { profileFieldErrors } from "../profile-errors";

type Problems<Field extends string> = Partial<Record<Field, string>>;

/**
 * What a profile form's last Save found wrong, per field: the shared rules' words (said before the
 * server is asked) or the server's refusal. A field edited since drops its words: they were about a
 * value that is gone. Each refusal takes the focus to the first field it names in `formRef`'s form, so its
 * words are read out with it; one naming no field leaves the focus where it was.
 */
export function useFieldProblems<Field extends string>() {
  const [problems, setProblems] = useState<Problems<Field>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  return {
    problems,
    formRef,
    /** The shared rules' issues (a zod `safeParse`'s), each field's first. */
    foundIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
      const found: Problems<Field> = {};
      for (const issue of issues) found[issue.path[0] as Field] ??= issue.message;
      setProblems(found);
      setRefusals((count) => count + 1);
    },
    /** The server's refusal of the Save. */
    refused(error: unknown) {
      setProblems(profileFieldErrors(error) as Problems<Field>);
      setRefusals((count) => count + 1);
    },
    clear() {
      setProblems({});
    },
    /** A field's new value: kept with `keep`, and the field's words dropped. */
    change<Value>(field: Field, keep: (value: Value) => void, value: Value) {
      keep(value);
      setProblems((current) => {
        if (!(field in current)) return current;
        const { [field]: _gone, ...rest } = current;
        return rest as Problems<Field>;
      });
    },
  };
}
