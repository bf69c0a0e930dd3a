/** The parameter of the address that names the chosen role: /internship/law?role=criminalLaw. */
export const ROLE_PARAM = 'role';

/** The role an address asks for, or the default (or the first) when it names none of them. */
export function roleFromAddress<R extends { id: string }>(roles: readonly R[], defaultRole: string, requested: string | null): R {
  return roles.find((r) => r.id === requested) ?? roles.find((r) => r.id === defaultRole) ?? roles[0]!;
}
