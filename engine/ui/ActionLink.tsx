import type { Action } from '../types.ts';
import { SmartLink } from './SmartLink.tsx';

/** A content Action drawn as a button-style link. */
export function ActionLink({ action, className, small }: { action: Action; className?: string; small?: boolean }) {
  const classes = ['button', action.variant === 'secondary' ? 'button--secondary' : '', small ? 'button--small' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <SmartLink href={action.href} newTab={action.newTab} className={classes}>
      {action.label}
    </SmartLink>
  );
}
