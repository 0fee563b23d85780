import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULES, passwordNamesMember } from "@flik/shared";
import { CheckIcon, CircleIcon } from "../../../components/later-icons";

/**
 * Which of PASSWORD_RULES a new password meets, in their order: the same rules `newPasswordProblem`
 * applies on the server, checked one by one so the list can tick each as the member types.
 */
export function passwordRuleChecks(
  newPassword: string,
  currentPassword: string,
  member: { username: string; email: string },
): boolean[] {
  const typed = newPassword !== "";
  return [
    newPassword.length >= PASSWORD_MIN_LENGTH && newPassword.length <= PASSWORD_MAX_LENGTH,
    typed && newPassword !== currentPassword,
    typed && passwordNamesMember(newPassword, member) === undefined,
  ];
}

/** The rules, each ticked once met; read with the new-password field. */
export function PasswordRuleList({ checks }: { checks: boolean[] }) {
  return (
    <ul className="space-y-1.5 text-sm">
      {PASSWORD_RULES.map((rule, index) => {
        const met = checks[index] ?? false;
        return (
          <li
            key={rule}
            data-met={met}
            className={`flex items-center gap-2 ${met ? "text-emerald-700" : "text-zinc-600"}`}
          >
            {met ? <CheckIcon className="size-4 shrink-0" /> : <CircleIcon className="size-4 shrink-0" />}
            <span>
              {rule}
              <span className="sr-only">{met ? ": met" : ": not met yet"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
