import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSite } from '../runtime/contexts.tsx';
import { useNavigate } from '../runtime/location.ts';
import { fill, fillCount } from '../runtime/text.ts';
import type { UiSearch } from '../types.ts';
import { encodePath } from '../ui/SmartLink.tsx';
import { groupHits, loadSearcher, type Searcher } from './client.ts';
import { Highlight } from './Highlight.tsx';
import styles from './SearchDialog.module.css';
import type { SearchHit } from './searchEngine.ts';

const LIMIT = 24;

/**
 * The search box: a modal <dialog> holding a WAI-ARIA combobox. Arrow keys move
 * through the options, Enter opens one, Escape closes (once, with or without a query); results are grouped by
 * kind and the matched letters are marked.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const site = useSite();
  const ui: UiSearch = site.settings.ui.search;
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Searcher | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const searchPage = site.landmarks.search;

  useEffect(() => {
    const dialog = dialogRef.current!;
    if (!dialog.open) dialog.showModal();
    inputRef.current?.focus();
    loadSearcher(site.language).then(
      (fn) => setSearch(() => fn),
      () => setFailed(true),
    );
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose, site.language]);

  // Typing stays immediate on slow phones: the worker searches, and the results of the latest query follow when it answers.
  const typed = query.trim();
  const [answer, setAnswer] = useState<{ query: string; hits: SearchHit[]; note?: string | undefined }>({ query: '', hits: [] });
  useEffect(() => {
    if (!search || typed.length < 2) {
      setAnswer({ query: typed, hits: [] });
      return;
    }
    let current = true;
    search(typed, LIMIT).then((reply) => current && setAnswer({ query: typed, ...reply }));
    return () => {
      current = false;
    };
  }, [search, typed]);
  const { query: trimmed, hits, note } = answer;
  const groups = groupHits(hits);
  const ordered = groups.flatMap((g) => g.hits);
  const optionId = (i: number) => `${listboxId}-option-${i}`;

  // A new query starts again at its first result; one that has a note starts at none, so Enter opens the search page,
  // which keeps the note above the results, not a result without it ("free course" opened /courses, saying nothing).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new query or note starts again
  useEffect(() => setActive(note ? -1 : 0), [trimmed, note]);

  const go = (url: string) => {
    onClose();
    navigate(encodePath(url.split('?')[0]!) + (url.includes('?') ? `?${url.split('?')[1]}` : ''));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // A search field's own Escape empties it first, so search needed Escape twice: once closes it, what was typed or not.
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' && ordered.length) {
      event.preventDefault();
      setActive((i) => (i + 1) % ordered.length);
    } else if (event.key === 'ArrowUp' && ordered.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? ordered.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = ordered[active];
      if (hit) go(hit.record.url);
      else if (searchPage && typed) go(`${searchPage}?q=${encodeURIComponent(typed)}`);
    }
  };

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  let status: string;
  if (failed) status = site.settings.ui.errorPage.text;
  else if (!search) status = ui.loading;
  else if (trimmed.length < 2) status = ui.hint;
  else if (!hits.length) status = fill(ui.noResults, { query: trimmed });
  else status = fillCount(ui.count, hits.length);

  let index = -1;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes the dialog; Escape does the same from the keyboard
    <dialog ref={dialogRef} className={styles.dialog} aria-label={ui.label} onClick={(e) => e.target === dialogRef.current && onClose()}>
      <div className={styles.panel}>
        <div className={styles.inputRow}>
          <input
            ref={inputRef}
            className={styles.input}
            type="search"
            role="combobox"
            aria-label={ui.label}
            aria-expanded={ordered.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={ordered[active] ? optionId(active) : undefined}
            placeholder={ui.placeholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
          />
          <button type="button" className={styles.close} onClick={onClose}>
            {ui.close}
          </button>
        </div>
        <p className={styles.status} role="status" aria-live="polite">
          {status}
        </p>
        {note && trimmed.length >= 2 ? (
          <p className={styles.note} data-search-note="">
            {note}
          </p>
        ) : null}
        <div id={listboxId} role="listbox" aria-label={ui.label} className={styles.listbox}>
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (a fieldset is for form controls)
            <div key={group.kind} role="group" aria-labelledby={`${listboxId}-${group.kind}`} className={styles.group}>
              <div role="presentation" id={`${listboxId}-${group.kind}`} className={styles.groupLabel}>
                {ui[group.kind]}
              </div>
              {group.hits.map((hit) => {
                index++;
                const i = index;
                return (
                  // The APG combobox pattern: focus stays in the input, which moves aria-activedescendant over the options with the
                  // arrow keys and chooses with Enter; a pointer chooses by clicking.
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys (see above)
                  // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant, not focus
                  <div
                    key={hit.record.id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    className={styles.option}
                    onMouseMove={() => setActive(i)}
                    onClick={() => go(hit.record.url)}
                  >
                    <span className={styles.title}>
                      <Highlight text={hit.record.title} ranges={hit.titleRanges} />
                    </span>
                    <span className={styles.context}>{hit.record.context}</span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {searchPage && trimmed.length >= 2 && hits.length ? (
          <p className={styles.footer}>
            <a
              href={`${encodePath(searchPage)}?q=${encodeURIComponent(typed)}`}
              onClick={(e) => {
                e.preventDefault();
                go(`${searchPage}?q=${encodeURIComponent(typed)}`);
              }}
            >
              {ui.seeAll}
            </a>
          </p>
        ) : null}
      </div>
    </dialog>
  );
}
