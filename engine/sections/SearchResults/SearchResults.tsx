import { useEffect, useId, useState } from 'react';
import { usePageContext, useSite } from '../../runtime/contexts.tsx';
import { useSearchParams } from '../../runtime/location.ts';
import { fill, fillCount } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { groupHits, loadSearcher } from '../../search/client.ts';
import { Highlight } from '../../search/Highlight.tsx';
import type { SearchHit } from '../../search/searchEngine.ts';
import type { SearchResultsSection } from '../../types.ts';
import { useHeadingTag, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { encodePath, SmartLink } from '../../ui/SmartLink.tsx';
import styles from './SearchResults.module.css';

/**
 * The search page. Its form is a plain GET form, so it works before (and
 * without) the page's script; with the script, results for ?q= appear grouped.
 */
export default function SearchResults({ id, title, intro }: SearchResultsSection) {
  const site = useSite();
  const ui = site.settings.ui.search;
  const Heading = useHeadingTag();
  const Sub = useSubheadingTag();
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const query = hydrated ? (params.get('q') ?? '').trim() : '';
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [value, setValue] = useState(query);
  const self = usePageContext().path;

  useEffect(() => setValue(query), [query]);
  useEffect(() => {
    if (query.length < 2) {
      setHits(null);
      setNote(undefined);
      return;
    }
    let current = true;
    loadSearcher(site.language)
      .then((search) => search(query, 60))
      .then(
        (found) => {
          if (!current) return;
          setHits(found.hits);
          setNote(found.note);
        },
        () => current && setHits([]),
      );
    return () => {
      current = false;
    };
  }, [query, site.language]);

  return (
    <section id={id} className={`section ${styles.section}`}>
      <div className="container">
        <Heading>{title}</Heading>
        {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for the older phone browsers students use; role="search" is read everywhere */}
        <form
          action={encodePath(self)}
          method="get"
          role="search"
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            setParams(value.trim() ? { q: value.trim() } : {});
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            {ui.label}
          </label>
          <input id={inputId} name="q" type="search" className="input" placeholder={ui.placeholder} value={value} onChange={(e) => setValue(e.target.value)} />
          <button type="submit" className="button">
            {ui.button}
          </button>
        </form>
        <p role="status" aria-live="polite" className={styles.status}>
          {query.length < 2 ? (intro ?? ui.hint) : hits === null ? ui.loading : hits.length ? fillCount(ui.count, hits.length) : fill(ui.noResults, { query })}
        </p>
        {note && hits !== null ? (
          <p className={styles.note} data-search-note="">
            {note}
          </p>
        ) : null}
        {hits?.length
          ? groupHits(hits).map((group) => (
              <div key={group.kind} className={styles.group}>
                <Sub className={styles.groupTitle}>{ui[group.kind]}</Sub>
                <ul className={styles.list}>
                  {group.hits.map((hit) => (
                    <li key={hit.record.id} className={styles.item}>
                      <SmartLink href={hit.record.url} className={styles.link}>
                        <Highlight text={hit.record.title} ranges={hit.titleRanges} />
                      </SmartLink>
                      <span className={styles.context}>{hit.record.context}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))
          : null}
      </div>
    </section>
  );
}
