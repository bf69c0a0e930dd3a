import type { ErrorObject } from 'ajv';
import { fill } from '../../engine/shared/fill.ts';
import { PLAIN_LINE_PATTERN, PLAIN_LINES_PATTERN } from '../../engine/shared/plainText.ts';
import type { UiServerRequestErrors } from '../../engine/types.ts';

function field(words: UiServerRequestErrors, error: ErrorObject): string {
  const last = error.instancePath.split('/').filter(Boolean).pop();
  if (last === undefined) return words.theRequest;
  if (/^\d+$/.test(last)) return fill(words.item, { number: Number(last) + 1 });
  return (words.fieldNames as unknown as Record<string, string>)[last] ?? last;
}

/** One plain sentence, in the site's words, for the first thing wrong with a request. */
export function validationMessage(words: UiServerRequestErrors, errors: readonly ErrorObject[]): string {
  const error = errors[0];
  if (!error) return fill(words.notValid, { field: words.theRequest });
  const params = error.params as Record<string, unknown>;
  const inIds = error.instancePath.startsWith('/certificateIDs');
  const values = { field: field(words, error), limit: String(params['limit'] ?? '') };
  switch (error.keyword) {
    case 'required':
      return fill(words.needs, { field: String(params['missingProperty']) });
    case 'additionalProperties':
      return fill(words.notAllowed, { field: String(params['additionalProperty']) });
    case 'type':
      if (error.instancePath === '') return words.notAnObject;
      if (error.instancePath === '/certificateIDs') return words.idsNotAList;
      return params['type'] === 'array' ? fill(words.mustBeList, values) : fill(words.mustBeType, { ...values, type: String(params['type']) });
    case 'minItems':
      return inIds ? words.noIds : fill(words.tooFewItems, values);
    case 'maxItems':
      return inIds ? fill(words.tooManyIds, values) : fill(words.tooManyItems, values);
    case 'pattern':
      if (params['pattern'] === PLAIN_LINE_PATTERN) return fill(words.controlCharacter, values);
      if (params['pattern'] === PLAIN_LINES_PATTERN) return fill(words.controlCharacterInText, values);
      // Codes and keys made by the site (a form key, a link's token, a referral code): not something a person typed.
      return fill(words.notValid, values);
    case 'maxLength':
      return inIds ? fill(words.idTooLong, values) : fill(words.tooLong, values);
    case 'minLength':
      return fill(words.empty, values);
    default:
      return fill(words.notValid, values);
  }
}
