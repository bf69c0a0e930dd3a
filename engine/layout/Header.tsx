import { useId } from 'react';
import { useSite } from '../runtime/contexts.tsx';
import { useCurrentPageId } from '../runtime/currentPage.ts';
import { fill } from '../runtime/text.ts';
import { languagePath } from '../shared/language.ts';
import type { NavItem, NavLink, ResolvedPage } from '../types.ts';
import { ChevronDown, CloseIcon, MenuIcon } from '../ui/icons.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import styles from './Header.module.css';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/**
 * The top navigation, built from what the browser does on its own so it works
 * from first paint: on phones the list is a popover opened by the menu button
 * (a tap outside or Escape closes it), and each sub-menu is a <details> of one
 * named group (opening one closes the others). It is never hydrated: a few
 * lines of script (menu.ts) add what HTML cannot: sub-menus open on hover where
 * they drop down, Escape returns to the menu's button, and every menu closes
 * when a link is chosen or the route changes. The search button and the
 * account link in it are islands of their own.
 */
export function Header({ authSlot, searchSlot, page }: { authSlot?: React.ReactNode; searchSlot?: React.ReactNode; page?: ResolvedPage | undefined }) {
  const site = useSite();
  const ui = site.settings.ui.layout;
  const currentPageId = useCurrentPageId();
  const listId = useId();
  const group = useId();
  const isCurrent = (link?: NavLink) => link !== undefined && link.pageId === currentPageId;

  return (
    <header className={styles.header} data-chrome>
      <div className={`container ${styles.bar}`}>
        <SmartLink href={languagePath(site.language, '/')} className={styles.brand}>
          <img src={site.settings.logo} alt={ui.homeLink} width={225} height={48} className={styles.logo} />
        </SmartLink>
        <div className={styles.end}>
          <LanguageSwitch page={page} place="header" />
          {searchSlot ? <div className={styles.search}>{searchSlot}</div> : null}
          <nav aria-label={ui.mainNavigation} className={styles.nav} data-menu-bar>
            <button type="button" className={styles.toggle} popoverTarget={listId}>
              <MenuIcon className={styles.whenClosed} />
              <CloseIcon className={styles.whenOpen} />
              <span className={`sr-only ${styles.whenClosed}`}>{ui.openMenu}</span>
              <span className={`sr-only ${styles.whenOpen}`}>{ui.closeMenu}</span>
            </button>
            <ul id={listId} className={styles.list} popover="auto">
              {site.nav.map((item) => (
                <MenuEntry
                  key={item.id}
                  item={item}
                  group={group}
                  current={isCurrent(item.link) || item.children.some(isCurrent)}
                  isCurrent={isCurrent}
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
  overviewLabel: string;
}

function MenuEntry({ item, group, current, isCurrent, overviewLabel }: MenuEntryProps) {
  if (item.children.length === 0) {
    if (!item.link) return null;
    return (
      <li className={styles.item}>
        <SmartLink href={item.link.path} className={styles.link} aria-current={isCurrent(item.link) ? 'page' : undefined}>
          {item.label}
        </SmartLink>
      </li>
    );
  }
  const links = item.link ? [{ ...item.link, label: overviewLabel }, ...item.children] : item.children;
  return (
    <li className={styles.item} data-current={current}>
      <details name={group} className={styles.menu}>
        <summary className={styles.link} data-menu={item.id}>
          {item.label}
          <ChevronDown width={16} height={16} className={styles.chevron} />
        </summary>
        <ul className={styles.submenu}>
          {links.map((link) => (
            <li key={link.pageId + link.label}>
              <SmartLink href={link.path} className={styles.sublink} aria-current={isCurrent(link) ? 'page' : undefined}>
                {link.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
