import { useCallback, useEffect, useRef, useState } from 'react';
import { useSite } from '../runtime/contexts.tsx';
import { useLocation } from '../runtime/location.ts';
import SearchDialog from '../search/SearchDialog.tsx';
import { encodePath } from '../ui/SmartLink.tsx';
import styles from './SearchButton.module.css';

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

/**
 * The search button of the navigation; Ctrl+K, Cmd+K and / open search too.
 * The box itself is small and opens at once, so no keystroke is lost; the engine and
 * the index load on first open. Tapped before the page's script has come, it is
 * the button of a plain form to the search page, so the tap still leads to a
 * search box (a tap after the script came, before this island drew, is made
 * again once it has: islandRoots.tsx).
 */
export default function SearchButton() {
  const site = useSite();
  const ui = site.settings.ui.search;
  const searchPage = site.landmarks.search;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  const wasOpen = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  // Back to the button once the modal dialog is gone (while it is open, the rest of the page is inert).
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
      if (shortcut || (event.key === '/' && !isTyping(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey)) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: search closes when the visitor goes to a result, that is on any change of address
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <>
      <form
        action={searchPage ? encodePath(searchPage) : undefined}
        method="get"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <button
          ref={buttonRef}
          type={searchPage ? 'submit' : 'button'}
          className={styles.button}
          onClick={searchPage ? undefined : () => setOpen(true)}
          aria-haspopup="dialog"
          aria-label={ui.open}
          aria-keyshortcuts="Control+K Meta+K /"
          title={ui.shortcut}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <span className={styles.label} aria-hidden="true">
            {ui.open}
          </span>
          {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a kbd is not focusable; the shortcut is announced by aria-keyshortcuts on the button */}
          <kbd className={styles.kbd} aria-hidden="true">
            /
          </kbd>
        </button>
      </form>
      {open ? <SearchDialog onClose={close} /> : null}
    </>
  );
}
