import { didYouMean } from '../shared/didYouMean.ts';
import type { RuleContext } from './ruleContext.ts';

/** The rules every list of roles with a default keeps: ids told apart, and a default that is one of them. */
export function checkRoles(roles: readonly { id: string }[], defaultRole: string, listName: string, check: RuleContext): void {
  const ids = roles.map((role) => role.id);
  roles.forEach((role, i) => {
    if (ids.indexOf(role.id) !== i) check.report(`/roles/${i}/id`, 'DUPLICATE_ROLE', { id: role.id, list: listName });
  });
  if (!ids.includes(defaultRole)) check.report('/defaultRole', 'DEFAULT_ROLE_MISSING', { value: defaultRole, guess: didYouMean(defaultRole, ids), ids });
}

/** A min–max range whose ends are the wrong way round. */
export function checkRange(range: { min: number; max: number } | undefined, pointer: string, what: string, check: RuleContext): void {
  if (range && typeof range.min === 'number' && typeof range.max === 'number' && range.min > range.max)
    check.report(`${pointer}/min`, 'MIN_ABOVE_MAX', { what, min: range.min, max: range.max });
}
