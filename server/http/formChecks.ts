/** The checks every form's route makes, each once (the rules themselves are engine/shared/formRules.ts, which the pages use too). */
import { isAcceptableEmail, MIN_PASSWORD_LENGTH } from '../../engine/shared/formRules.ts';
import { ApiError } from '../errors.ts';

/** Every field given, after trimming: else the spec's 'Please fill out all fields'. */
export function requireFilled(...values: string[]): void {
  if (values.some((value) => !value)) throw new ApiError('FIELDS_MISSING');
}

/** An address that looks like one, without look-alike letters from other scripts: else 'Invalid email format'. */
export function requireEmail(email: string): void {
  if (!isAcceptableEmail(email)) throw new ApiError('EMAIL_INVALID');
}

/** A password of at least 6 characters: else 'Password must be at least 6 characters'. */
export function requirePasswordLength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new ApiError('PASSWORD_TOO_SHORT');
}
