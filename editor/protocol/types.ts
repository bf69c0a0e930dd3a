/**
 * What the editor's server and its pages say to each other (types only: both sides import them). What travels over
 * HTTP is typed from the schemas in schemas/editor/ (npm run codegen), by the names both sides use; what is written
 * here by hand never crosses HTTP.
 */
import type {
  EditorCheckResponse,
  EditorDocumentEntry,
  EditorDocumentGroup,
  EditorDocumentPart,
  EditorDraft,
  EditorFoundDocument,
  EditorOpenedDocument,
  EditorOpenedTranslation,
  EditorProblem,
  EditorProjectFacts,
  EditorPublishHistory,
  EditorPublishStage,
  EditorPublishStatus,
  EditorReferenceChoice,
  EditorRefusal,
  EditorReleaseChanges,
  EditorSavedResponse,
  EditorTranslationProgress,
  ResolvedPage,
  SiteModel,
} from '../../engine/types.ts';

/** A problem in a document, in the words of `npm run validate` and of the form. */
export type Problem = EditorProblem;
/** A problem that stops a publish, with the name of the document it is in as the list shows it. */
export type PublishProblem = Problem & { document: string };
export type DocumentPart = EditorDocumentPart;
export type DocumentEntry = EditorDocumentEntry;
export type DocumentGroup = EditorDocumentGroup;
export type FoundDocument = EditorFoundDocument;
export type ReferenceChoice = EditorReferenceChoice;
export type ProjectFacts = EditorProjectFacts;
export type Draft = EditorDraft;
export type CheckResult = EditorCheckResponse;
export type OpenedDocument = EditorOpenedDocument;
/** A document's translation opened beside its English. */
export type OpenedTranslation = EditorOpenedTranslation;
/** How far a document's translation is. */
export type TranslationState = EditorTranslationProgress;
export type SavedDocument = EditorSavedResponse;
export type PublishStage = EditorPublishStage;
export type PublishStatus = EditorPublishStatus;
export type PublishHistory = EditorPublishHistory;
export type ReleaseChanges = EditorReleaseChanges;
/** Every refusal: `{ code, message }` and, for some codes, the facts the page needs. */
export type Refusal = EditorRefusal;

/**
 * The page the preview frame draws, as the page posts it to the frame: the engine's own model. It arrives in the
 * check's answer, whose schema says only that both are objects (the engine's types are not schemas).
 */
export interface Preview {
  site: SiteModel;
  page: ResolvedPage;
}
