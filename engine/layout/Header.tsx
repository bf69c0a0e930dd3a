import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSite } from '../runtime/contexts.tsx';
import { useCurrentPageId } from '../runtime/currentPage.ts';
import { fill } from '../runtime/text.ts';
import type { NavItem, NavLink } from '../types.ts';
import { ChevronDown, CloseIcon, MenuIcon } from '../ui/icons.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import styles from './Header.module.css';

/**
 * The top navigation: plain links and sub-menus (disclosure buttons) that open
 * on hover with a mouse or on click, close on Escape, on a click elsewhere and
 * when a link is chosen; on phones the whole list sits behind a menu toggle.
 */
export function Header({ authSlot, searchSlot }: { authSlot?: React.ReactNode; searchSlot?: React.ReactNode }) {
  const site = useSite();
  const ui = site.settings.ui.layout;
  const location = useLocation();
  const currentPageId = useCurrentPageId();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: menus close on every route change (the spec), which the path names
  useEffect(() => {
    setOpenMenu(null);
    setMobileOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!openMenu && !mobileOpen) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) {
        setOpenMenu(null);
        setMobileOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openMenu, mobileOpen]);

  const closeAll = () => {
    setOpenMenu(null);
    setMobileOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    if (openMenu) {
      const button = navRef.current?.querySelector<HTMLButtonElement>(`[data-menu="${openMenu}"]`);
      setOpenMenu(null);
      button?.focus();
    } else if (mobileOpen) {
      setMobileOpen(false);
      toggleRef.current?.focus();
    }
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
            <button
              ref={toggleRef}
              type="button"
              className={styles.toggle}
              aria-expanded={mobileOpen}
              aria-controls={listId}
              onClick={() => setMobileOpen((open) => !open)}
            >
              {mobileOpen ? <CloseIcon /> : <MenuIcon />}
              <span className="sr-only">{mobileOpen ? ui.closeMenu : ui.openMenu}</span>
            </button>
            <ul id={listId} className={styles.list} data-open={mobileOpen}>
              {site.nav.map((item) => (
                <MenuEntry
                  key={item.id}
                  item={item}
                  open={openMenu === item.id}
                  current={isCurrent(item.link) || item.children.some(isCurrent)}
                  isCurrent={isCurrent}
                  onToggle={(open) => setOpenMenu(open ? item.id : null)}
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
  open: boolean;
  current: boolean;
  isCurrent: (link?: NavLink) => boolean;
  onToggle: (open: boolean) => void;
  onChoose: () => void;
  overviewLabel: string;
}

/** Matches the breakpoint of Header.module.css where the menu becomes a bar with drop-downs. */
const DESKTOP_BAR = '(min-width: 1200px)';

function MenuEntry({ item, open, current, isCurrent, onToggle, onChoose, overviewLabel }: MenuEntryProps) {
  const submenuId = useId();
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
  // Hover opens sub-menus only where they drop down (the desktop bar); in the mobile panel they open on click alone.
  const hovers = (event: PointerEvent) => event.pointerType === 'mouse' && window.matchMedia(DESKTOP_BAR).matches;
  const onPointerEnter = (event: PointerEvent) => {
    if (!hovers(event)) return;
    openedByHover.current = !open;
    onToggle(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (!hovers(event)) return;
    openedByHover.current = false;
    onToggle(false);
  };
  // A click that lands on a menu the pointer has just opened keeps it open instead of closing it again.
  const onClick = () => {
    if (open && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    onToggle(!open);
  };
  const links = item.link ? [{ ...item.link, label: overviewLabel }, ...item.children] : item.children;
  return (
    <li className={styles.item} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} data-current={current}>
      <button type="button" className={styles.link} aria-expanded={open} aria-controls={submenuId} data-menu={item.id} onClick={onClick}>
        {item.label}
        <ChevronDown width={16} height={16} className={styles.chevron} />
      </button>
      <ul id={submenuId} className={styles.submenu} hidden={!open}>
        {links.map((link) => (
          <li key={link.pageId + link.label}>
            <SmartLink href={link.path} className={styles.sublink} aria-current={isCurrent(link) ? 'page' : undefined} onClick={onChoose}>
              {link.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
