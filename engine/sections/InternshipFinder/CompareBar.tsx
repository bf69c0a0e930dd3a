import { type FormEvent, useEffect, useRef } from 'react';
import { useUi } from '../../runtime/contexts.tsx';
import { useNavigate, useSearchParams } from '../../runtime/location.ts';
import { fillCount } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { COMPARE_MOST, COMPARE_PARAM } from '../../ui/roleFilters.ts';
import { encodePath } from '../../ui/SmartLink.tsx';
import styles from './InternshipFinder.module.css';

export interface CompareBarProps {
  /** The form's id, which the list's ticks name (form="…"), and the list they are in. */
  formId: string;
  listId: string;
  comparePath: string;
}

/**
 * The finder's way to the comparison, its island: the ticks are the list's own checkboxes (drawn once by the server,
 * a plain GET form, so comparing works before the script), and this keeps the roles ticked in the address (Back
 * returns to them ticked), lets no more than three be ticked, and says how many are.
 */
export default function CompareBar({ formId, listId, comparePath }: CompareBarProps) {
  const ui = useUi().compare;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const chosen = hydrated ? params.getAll(COMPARE_PARAM).slice(0, COMPARE_MOST) : [];
  const boxes = () => [...(document.getElementById(listId)?.querySelectorAll<HTMLInputElement>(`input[name="${COMPARE_PARAM}"]`) ?? [])];

  const write = (keys: string[]) => {
    const next = new URLSearchParams(window.location.search);
    next.delete(COMPARE_PARAM);
    for (const k of keys.slice(0, COMPARE_MOST)) next.append(COMPARE_PARAM, k);
    setParams(next, { preventScrollReset: true, replace: true });
  };
  const latest = useRef(chosen);
  latest.current = chosen;

  // A tick in the list: the address takes it (or lets it go). The list is the page's, there from the start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: write reads only the address and the latest choice
  useEffect(() => {
    const list = document.getElementById(listId);
    const onChange = (event: Event) => {
      const box = event.target as HTMLInputElement;
      if (box.name !== COMPARE_PARAM) return;
      const keys = latest.current.filter((k) => k !== box.value);
      write(box.checked ? [...keys, box.value] : keys);
    };
    list?.addEventListener('change', onChange);
    return () => list?.removeEventListener('change', onChange);
  }, [listId]);

  // The boxes are the browser's own (a box ticked before the script came stays ticked, and joins the address); they
  // follow the address after that, and past three roles the others cannot be ticked.
  const boxesRead = useRef(false);
  const chosenKey = chosen.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice in the address changes; the first run also reads the boxes
  useEffect(() => {
    if (!boxesRead.current) {
      boxesRead.current = true;
      const ticked = boxes()
        .filter((b) => b.checked)
        .map((b) => b.value);
      if (ticked.length && !chosen.length) {
        write(ticked);
        return;
      }
    }
    for (const box of boxes()) {
      box.checked = chosen.includes(box.value);
      box.disabled = !box.checked && chosen.length >= COMPARE_MOST;
    }
  }, [chosenKey]);

  const compare = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams(chosen.map((k) => [COMPARE_PARAM, k]));
    navigate(`${encodePath(comparePath)}?${query}`);
  };

  return (
    <form id={formId} action={encodePath(comparePath)} method="get" onSubmit={compare} className={styles.compareBar} data-chosen={chosen.length}>
      <p className={styles.compareCount} aria-live="polite">
        {fillCount(ui.chosen, chosen.length, { most: COMPARE_MOST })}
      </p>
      <button type="submit" className="button button--small" disabled={hydrated && chosen.length < 2}>
        {ui.go}
      </button>
    </form>
  );
}
