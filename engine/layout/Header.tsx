import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useSite } from '../runtime/contexts.tsx';
import { useCurrentPageId } from '../runtime/currentPage.ts';
import { fill } from '../runtime/text.ts';
import type { NavItem, NavLink } from '../types.ts';
import { ChevronDown, CloseIcon, MenuIcon } from '../ui/icons.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import styles from './Header.module.css';

/** Matches the breakpoint of Header.module.css where the menu becomes a bar with drop-downs. */
const DESKTOP_BAR = '(min-width: 1200px)';

const openMenusIn = (nav: HTMLElement | null) => [...(nav?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? [])];

/**
 * The top navigation, built from what the browser does on its own so it works
 * from first paint: on phones the list is a popover opened by the menu button
 * (a tap outside or Escape closes it), and each sub-menu is a <details> of one
 * named group (opening one closes the others). The script adds what HTML
 * cannot: sub-menus open on hover where they drop down, Escape returns to the
 * menu's button, and every menu closes when a link is chosen or the route changes.
 */
export function Header({ authSlot, searchSlot }: { authSlot?: React.ReactNode; searchSlot?: React.ReactNode }) {
  const site = useSite();
  const ui = site.settings.ui.layout;
  const location = useLocation();
  const currentPageId = useCurrentPageId();
  const navRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const group = useId();

  const closeAll = () => {
    for (const menu of openMenusIn(navRef.current)) menu.open = false;
    if (listRef.current?.matches(':popover-open')) listRef.current.hidePopover();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: menus close on every route change (the spec), which the path names
  useEffect(closeAll, [location.pathname]);

  useEffect(() => {
    // A click anywhere else closes an open sub-menu (the phone's menu popover closes itself).
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) for (const menu of openMenusIn(navRef.current)) menu.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const open = openMenusIn(navRef.current)[0];
    if (!open) return;
    // Escape closes the sub-menu and goes back to its button; a second Escape closes the phone's menu (the browser does that).
    event.preventDefault();
    event.stopPropagation();
    open.open = false;
    open.querySelector('summary')?.focus();
  };

  const isCurrent = (link?: NavLink) => link !== undefined && link.pageId === currentPageId;

  return (
    <header className={styles.header} data-chrome>
      <div className={`container ${styles.bar}`}>
        <SmartLink href="/" className={styles.brand}>
          <img src={site.settings.logo} alt={ui.homeLink} width={225} height={48} className={styles.logo} />
        </SmartLink>
        <div className={styles.end}>
          {searchSlot ? <div className={styles.search}>{searchSlot}</div> : null}
          <nav ref={navRef} aria-label={ui.mainNavigation} className={styles.nav} onKeyDown={onKeyDown}>
            <button type="button" className={styles.toggle} popoverTarget={listId}>
              <MenuIcon className={styles.whenClosed} />
              <CloseIcon className={styles.whenOpen} />
              <span className={`sr-only ${styles.whenClosed}`}>{ui.openMenu}</span>
              <span className={`sr-only ${styles.whenOpen}`}>{ui.closeMenu}</span>
            </button>
            <ul ref={listRef} id={listId} className={styles.list} popover="auto">
              {site.nav.map((item) => (
                <MenuEntry
                  key={item.id}
                  item={item}
                  group={group}
                  current={isCurrent(item.link) || item.children.some(isCurrent)}
                  isCurrent={isCurrent}
                  onChoose={closeAll}
                  overviewLabel={fill(ui.overview, { label: item.label })}
                />
              ))}
              {authSlot ? <li className={styles.auth}>{authSlot}</li> : null}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}

interface MenuEntryProps {
  item: NavItem;
  group: string;
  current: boolean;
  isCurrent: (link?: NavLink) => boolean;
  onChoose: () => void;
  overviewLabel: string;
}

function MenuEntry({ item, group, current, isCurrent, onChoose, overviewLabel }: MenuEntryProps) {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const openedByHover = useRef(false);
  if (item.children.length === 0) {
    if (!item.link) return null;
    return (
      <li className={styles.item}>
        <SmartLink href={item.link.path} className={styles.link} aria-current={isCurrent(item.link) ? 'page' : undefined} onClick={onChoose}>
          {item.label}
        </SmartLink>
      </li>
    );
  }
  // Hover opens sub-menus only where they drop down (the desktop bar); in the phone's menu they open on a tap alone.
  const hovers = (event: PointerEvent) => event.pointerType === 'mouse' && window.matchMedia(DESKTOP_BAR).matches;
  const onPointerEnter = (event: PointerEvent) => {
    const menu = menuRef.current;
    if (!menu || !hovers(event) || menu.open) return;
    openedByHover.current = true;
    menu.open = true;
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (!hovers(event) || !menuRef.current) return;
    openedByHover.current = false;
    menuRef.current.open = false;
  };
  // A click that lands on a menu the pointer has just opened keeps it open instead of closing it again.
  const onSummaryClick = (event: React.MouseEvent) => {
    if (openedByHover.current && menuRef.current?.open) event.preventDefault();
    openedByHover.current = false;
  };
  const links = item.link ? [{ ...item.link, label: overviewLabel }, ...item.children] : item.children;
  return (
    <li className={styles.item} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} data-current={current}>
      <details ref={menuRef} name={group} className={styles.menu}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a <summary> is the button of its <details> (the browser makes it one; Biome does not know) */}
        <summary className={styles.link} data-menu={item.id} onClick={onSummaryClick}>
          {item.label}
          <ChevronDown width={16} height={16} className={styles.chevron} />
        </summary>
        <ul className={styles.submenu}>
          {links.map((link) => (
            <li key={link.pageId + link.label}>
              <SmartLink href={link.path} className={styles.sublink} aria-current={isCurrent(link) ? 'page' : undefined} onClick={onChoose}>
                {link.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
