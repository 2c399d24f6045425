import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** RouterLinkProps makes an Ionic button or item a link within the app. */
export interface RouterLinkProps {
  href: string;
  onClick(e: MouseEvent): void;
}

/**
 * useRouterLink returns the props that make an IonButton or IonItem a link to a route of the
 * app: a real href (so that it is a link to assistive technology, and opens in a new tab with a
 * modifier key), and a click that the router handles without reloading the page. The app uses
 * React Router without Ionic's router, whose routerLink would otherwise be the way.
 */
export function useRouterLink(): (to: string) => RouterLinkProps {
  const navigate = useNavigate();
  return (to) => ({
    href: to,
    onClick(e) {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(to);
    },
  });
}
