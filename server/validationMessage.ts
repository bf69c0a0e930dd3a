import type { ErrorObject } from 'ajv';

const FIELD_NAMES: Record<string, string> = {
  certificateIDs: 'certificateIDs',
  fullName: 'full name',
  email: 'e-mail',
  password: 'password',
  registrationNo: 'registration number',
};

function field(error: ErrorObject): string {
  const last = error.instancePath.split('/').filter(Boolean).pop();
  if (last === undefined) return 'the request';
  if (/^\d+$/.test(last)) return `item ${Number(last) + 1}`;
  return FIELD_NAMES[last] ?? last;
}

/** One plain sentence for the first thing wrong with a request body. */
export function validationMessage(errors: readonly ErrorObject[]): string {
  const error = errors[0];
  if (!error) return 'The request is not valid.';
  const params = error.params as Record<string, unknown>;
  const inIds = error.instancePath.startsWith('/certificateIDs');
  switch (error.keyword) {
    case 'required':
      return `The request needs "${String(params['missingProperty'])}".`;
    case 'additionalProperties':
      return `"${String(params['additionalProperty'])}" is not allowed in this request.`;
    case 'type':
      if (error.instancePath === '') return 'The request body must be a JSON object.';
      if (error.instancePath === '/certificateIDs') return 'certificateIDs must be a list of certificate IDs, such as ["IC25/123456"].';
      return `The ${field(error)} must be ${params['type'] === 'array' ? 'a list' : `a ${String(params['type'])}`}.`;
    case 'minItems':
      return inIds ? 'Send at least one certificate ID.' : `The ${field(error)} needs at least ${String(params['limit'])} items.`;
    case 'maxItems':
      return inIds ? `Send at most ${String(params['limit'])} certificate IDs at a time.` : `The ${field(error)} has too many items.`;
    case 'pattern':
      // The only patterns of the request schemas refuse control characters (a NUL cannot be stored in PostgreSQL text).
      return `The ${field(error)} holds a control character (such as a line break or NUL); remove it.`;
    case 'maxLength':
      return inIds
        ? `A certificate ID is at most ${String(params['limit'])} characters.`
        : `The ${field(error)} is too long (at most ${String(params['limit'])} characters).`;
    case 'minLength':
      return `The ${field(error)} may not be empty.`;
    default:
      return `The ${field(error)} is not valid.`;
  }
}
