import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from '../shared/formRules.ts';
import type { UiAuth } from '../types.ts';

export type SignupField = 'fullName' | 'email' | 'password' | 'confirmPassword';
export type SignupProblems = Partial<Record<SignupField, string>>;

/**
 * Spec section 5, each field with its own message, all at once: an empty field
 * 'Please fill out all fields', a malformed e-mail 'Invalid email format', a
 * short password 'Password must be at least 6 characters', a confirmation that
 * differs 'Passwords do not match'. The sign-up page and the application form's
 * sign-up ask the same.
 */
export function signupProblems(ui: UiAuth, values: Record<SignupField, string>): SignupProblems {
  const problems: SignupProblems = {};
  for (const field of ['fullName', 'email', 'password', 'confirmPassword'] as const) if (!values[field]) problems[field] = ui.allFields;
  if (values.email && !EMAIL_PATTERN.test(values.email)) problems.email = ui.invalidEmail;
  if (values.password && values.password.length < MIN_PASSWORD_LENGTH) problems.password = ui.shortPassword;
  if (values.confirmPassword && values.password && values.password !== values.confirmPassword) problems.confirmPassword = ui.mismatch;
  return problems;
}
