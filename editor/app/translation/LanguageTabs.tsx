import { fill, fillCount } from '../../../engine/shared/fill.ts';
import { words } from '../../words.ts';
import type { TranslationState } from '../api.ts';

const said = words.app.translation;

export type TranslationKind = 'notStarted' | 'toWrite' | 'stale' | 'done';

/** How far a translation is, in a few words ("3 to write · 1 to check"), and which of the four states it is in. */
export function stateOf(progress: TranslationState): { kind: TranslationKind; text: string } {
  if (!progress.started) return { kind: 'notStarted', text: said.state.notStarted };
  const parts = [
    progress.toWrite ? fillCount(said.state.toWrite, progress.toWrite) : '',
    progress.stale ? fillCount(said.state.stale, progress.stale) : '',
  ].filter(Boolean);
  if (!parts.length) return { kind: 'done', text: said.state.done };
  return { kind: progress.toWrite ? 'toWrite' : 'stale', text: parts.join(' · ') };
}

/** The state as a small mark beside a name: the same words in the list and on the tab. */
export function TranslationBadge({ progress, withLanguage }: { progress: TranslationState; withLanguage?: boolean }) {
  const state = stateOf(progress);
  const language = words.languages[progress.language];
  return (
    <span className={`t-badge t-badge-${state.kind}`} data-translation={state.kind}>
      {withLanguage ? fill(state.kind === 'done' ? said.inListDone : said.inList, { language, state: state.text }) : state.text}
    </span>
  );
}

/**
 * The two faces of a document: its English (the form) and its translation (each text beside its English), with how
 * far the translation is. The translation of a document not saved yet cannot be opened: it has no English on disk.
 */
export function LanguageTabs({
  thing,
  showing,
  progress,
  onShow,
}: {
  thing: string;
  showing: 'en' | TranslationState['language'];
  progress: TranslationState;
  onShow(language: 'en' | TranslationState['language']): void;
}) {
  return (
    <div className="language-tabs" role="tablist" aria-label={fill(said.tabs, { thing })}>
      <button type="button" role="tab" aria-selected={showing === 'en'} onClick={() => (showing === 'en' ? undefined : onShow('en'))}>
        {said.english}
      </button>
      <button
        type="button"
        role="tab"
        aria-selected={showing === progress.language}
        onClick={() => (showing === progress.language ? undefined : onShow(progress.language))}
      >
        <span lang={progress.language}>{words.languages[progress.language]}</span> <TranslationBadge progress={progress} />
      </button>
    </div>
  );
}
