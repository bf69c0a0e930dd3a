import { currentLocation, subscribeToLocation } from '../runtime/location.ts';

/** Matches the breakpoint of Header.module.css where the menu becomes a bar with drop-downs. */
const DESKTOP_BAR = '(min-width: 1200px)';

/**
 * What the header's menu does beyond what HTML does by itself (Header.tsx draws it; it is never hydrated): sub-menus
 * open on hover where they drop down, Escape closes a sub-menu and returns to its button, a click elsewhere closes it,
 * and every menu closes when a link is chosen or another page is shown.
 */
export function enhanceMenu(nav: HTMLElement): void {
  const list = nav.querySelector<HTMLElement>('ul[popover]');
  const openMenus = () => [...nav.querySelectorAll<HTMLDetailsElement>('details[open]')];
  const closeAll = () => {
    for (const menu of openMenus()) menu.open = false;
    if (list?.matches(':popover-open')) list.hidePopover();
  };

  // Hover opens sub-menus only where they drop down (the desktop bar); in the phone's menu they open on a tap alone.
  const hovers = (event: PointerEvent) => event.pointerType === 'mouse' && window.matchMedia(DESKTOP_BAR).matches;
  let openedByHover: HTMLDetailsElement | null = null;
  for (const menu of nav.querySelectorAll<HTMLDetailsElement>('details')) {
    const item = menu.parentElement;
    if (!item) continue;
    item.addEventListener('pointerenter', (event) => {
      if (!hovers(event) || menu.open) return;
      openedByHover = menu;
      menu.open = true;
    });
    item.addEventListener('pointerleave', (event) => {
      if (!hovers(event)) return;
      openedByHover = null;
      menu.open = false;
    });
    // A click that lands on a menu the pointer has just opened keeps it open instead of closing it again.
    menu.querySelector('summary')?.addEventListener('click', (event) => {
      if (openedByHover === menu && menu.open) event.preventDefault();
      openedByHover = null;
    });
  }

  nav.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = openMenus()[0];
    if (!open) return;
    // Escape closes the sub-menu and goes back to its button; a second Escape closes the phone's menu (the browser does that).
    event.preventDefault();
    event.stopPropagation();
    open.open = false;
    open.querySelector('summary')?.focus();
  });
  nav.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href]')) closeAll();
  });
  // A click anywhere else closes an open sub-menu (the phone's menu popover closes itself).
  document.addEventListener('pointerdown', (event) => {
    if (!nav.contains(event.target as Node)) for (const menu of openMenus()) menu.open = false;
  });
  let shown = currentLocation().pathname;
  subscribeToLocation(() => {
    const now = currentLocation().pathname;
    if (now !== shown) closeAll();
    shown = now;
  });
}
