import type { PermissionAnswer, PermissionQuestion } from "./interactive-permissions.js";

/** A choice of the permission dialog. */
export type PermissionChoice =
  | { kind: "allow-once"; label: string }
  | { kind: "always-allow"; label: string; rules: string[] }
  | { kind: "deny"; label: string };

/** The dialog's choices; "always allow" only when the engine suggested a narrow rule. */
export function permissionChoices(question: PermissionQuestion): PermissionChoice[] {
  const choices: PermissionChoice[] = [{ kind: "allow-once", label: "Yes, allow once" }];
  if (question.rules.length > 0) {
    choices.push({
      kind: "always-allow",
      label: `Yes, and always allow ${question.rules.join(", ")} this session`,
      rules: question.rules,
    });
  }
  choices.push({ kind: "deny", label: "No (type what to do instead, or Enter to stop)" });
  return choices;
}

/** The answer a choice gives (a denial carries the typed feedback). */
export function choiceAnswer(choice: PermissionChoice, feedback: string): PermissionAnswer {
  switch (choice.kind) {
    case "allow-once":
      return { kind: "allow-once" };
    case "always-allow":
      return { kind: "always-allow", rules: choice.rules };
    case "deny":
      return { kind: "deny", feedback };
  }
}
