import type { SchemaNode } from '../../engine/shared/schemaRefs.ts';
import type {
  CheckResult,
  DocumentGroup,
  Draft,
  FoundDocument,
  OpenedDocument,
  ProjectFacts,
  PublishHistory,
  PublishStatus,
  SaveOutcome,
} from '../protocol/types.ts';

export type * from '../protocol/types.ts';

export class RequestError extends Error {
  /** The answer's other facts (a new page's name already taken: the page that has it). */
  details: Record<string, unknown> = {};
}

async function call<T>(method: string, url: string, body?: unknown, accept: number[] = []): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new RequestError('The editor cannot reach its server: is `npm run edit` still running?');
  }
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok && !accept.includes(response.status)) {
    const error = new RequestError(answer.message ?? `The server answered ${response.status}.`);
    error.details = answer as Record<string, unknown>;
    throw error;
  }
  return answer;
}

export const api = {
  schemas: () => call<{ files: Record<string, SchemaNode> }>('GET', '/api/schemas'),
  documents: () => call<{ groups: DocumentGroup[]; newDrafts: { rel: string; savedAt: string }[] }>('GET', '/api/documents'),
  facts: () => call<ProjectFacts>('GET', '/api/facts'),
  open: (rel: string) => call<OpenedDocument>('GET', `/api/document?rel=${encodeURIComponent(rel)}`),
  check: (rel: string, original: string, value: unknown) => call<CheckResult>('POST', '/api/check', { rel, original, value }),
  save: (rel: string, original: string, openedHash: string | null, value: unknown) =>
    call<SaveOutcome>('POST', '/api/save', { rel, original, openedHash, value }, [409, 422]),
  draft: (rel: string, original: string, openedHash: string | null, value: unknown) => call<Draft>('POST', '/api/draft', { rel, original, openedHash, value }),
  discardDraft: (rel: string) => call<unknown>('DELETE', `/api/draft?rel=${encodeURIComponent(rel)}`),
  create: (kind: 'internship' | 'jobs', name: string) => call<OpenedDocument>('POST', '/api/new', { kind, name }),
  find: (query: string) => call<{ found: FoundDocument[] }>('GET', `/api/find?q=${encodeURIComponent(query)}`),
  publish: () => call<PublishStatus>('POST', '/api/publish', {}, [422]),
  publishStatus: () => call<PublishStatus>('GET', '/api/publish'),
  publishHistory: () => call<PublishHistory>('GET', '/api/publish/history'),
  undoPublish: () => call<{ release: string; previous: string }>('POST', '/api/publish/undo', {}),
  async uploadImage(folder: string, file: File): Promise<{ path: string }> {
    let response: Response;
    try {
      response = await fetch(`/api/images?folder=${encodeURIComponent(folder)}&name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { 'content-type': file.type || 'application/octet-stream' },
        body: file,
      });
    } catch {
      throw new RequestError('The editor cannot reach its server: is `npm run edit` still running?');
    }
    const answer = (await response.json().catch(() => ({}))) as { path?: string; message?: string };
    if (!response.ok || !answer.path) throw new RequestError(answer.message ?? `The picture was not saved (${response.status}).`);
    return { path: answer.path };
  },
};
