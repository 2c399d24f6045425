import { createContext, useContext, useEffect } from 'react';

/** The app's name, the last part of every document title. */
export const APP_NAME = 'Chess Club';

/** documentTitle is the browser tab's title for a screen: "Members · Chess Club". */
export function documentTitle(screen: string): string {
  return screen ? `${screen} · ${APP_NAME}` : APP_NAME;
}

/** TitleContext lets a screen name itself once it knows more than its route does. */
export const TitleContext = createContext<(title: string | null) => void>(() => undefined);

/**
 * usePageTitle sets the screen's heading and document title to title (a member's name, say)
 * while the screen is shown; null or '' keeps the route's own title.
 */
export function usePageTitle(title: string | null | undefined): void {
  const set = useContext(TitleContext);
  useEffect(() => {
    set(title || null);
    return () => set(null);
  }, [set, title]);
}
