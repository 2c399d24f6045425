import { Link, useLocation } from 'react-router-dom';
import { IonIcon } from './frame-ionic';
import { logInOutline, peopleOutline, personCircleOutline, trophyOutline } from 'ionicons/icons';
import { useSession } from '../hooks/useSession';

/** NavItem is one destination of the main navigation. */
export interface NavItem {
  to: string;
  label: string;
  icon: string;
  /** Whether a path belongs to this destination, for paths below it (/tournaments/new). */
  owns(path: string): boolean;
}

/**
 * navItems lists the main destinations: the tournaments, the members, and the member's own
 * profile (or "Log in" when logged out). A member's own profile belongs to "My profile", any
 * other profile to "Members".
 */
export function navItems(me: { id: number } | null): NavItem[] {
  const mine = me ? `/members/${me.id}` : null;
  return [
    { to: '/tournaments', label: 'Tournaments', icon: trophyOutline, owns: (p) => p === '/tournaments' || p.startsWith('/tournaments/') },
    { to: '/members', label: 'Members', icon: peopleOutline, owns: (p) => p === '/members' || (p.startsWith('/members/') && p !== mine) },
    mine
      ? { to: mine, label: 'My profile', icon: personCircleOutline, owns: (p) => p === mine }
      : { to: '/login', label: 'Log in', icon: logInOutline, owns: (p) => p === '/login' || p === '/register' },
  ];
}

/**
 * MainNav is the main navigation: a tab bar at the foot of a phone's screen, a list in the side
 * menu on a desktop (variant). The current destination has aria-current: "page" on its own
 * page, "true" on a page below it.
 */
export function MainNav({ variant }: { variant: 'tabs' | 'side' }) {
  const { member } = useSession();
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className={variant === 'tabs' ? 'tab-bar' : 'side-nav'}>
      {navItems(member).map((item) => {
        const current = pathname === item.to ? 'page' : item.owns(pathname) ? 'true' : undefined;
        return (
          <Link key={item.label} to={item.to} className="nav-link" aria-current={current}>
            <span className="nav-icon">
              <IonIcon icon={item.icon} aria-hidden="true" />
            </span>
            <span className="nav-label">{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
