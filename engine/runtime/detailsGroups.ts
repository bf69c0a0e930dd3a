/**
 * A group of <details> sharing a name opens one at a time, by the browser itself (the menus, a course's syllabus).
 * Browsers from before that (Chrome 120, Safari 17.2, Firefox 130) are given the same here: opening one closes the others.
 */
export function closeOtherDetailsOfGroup(): void {
  if ('name' in HTMLDetailsElement.prototype) return;
  document.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target as HTMLDetailsElement;
      const name = opened.getAttribute?.('name');
      if (!(opened instanceof HTMLDetailsElement) || !opened.open || !name) return;
      for (const other of document.querySelectorAll<HTMLDetailsElement>('details[open]'))
        if (other !== opened && other.getAttribute('name') === name) other.open = false;
    },
    true,
  );
}
