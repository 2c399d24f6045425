import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screen is one route of the app. */
export interface Screen {
  path: string;
  title: string;
  auth: boolean;
  account: boolean;
  Page: LazyExoticComponent<ComponentType>;
}

// Each screen's code is its own chunk, loaded when the screen is first shown; the frame (header,
// navigation, guard, error boundary) is in the entry chunk so the title shows at once.
export const screens: Screen[] = [
  { path: '/login', title: 'Log in', auth: false, account: false, Page: lazy(() => import('./pages/login/LoginPage')) },
  { path: '/register', title: 'Register', auth: false, account: false, Page: lazy(() => import('./pages/register/RegisterPage')) },
  { path: '/members', title: 'Members', auth: true, account: true, Page: lazy(() => import('./pages/members/MembersPage')) },
  { path: '/members/:id', title: 'Member', auth: true, account: true, Page: lazy(() => import('./pages/member/MemberPage')) },
  { path: '/tournaments', title: 'Tournaments', auth: false, account: true, Page: lazy(() => import('./pages/tournaments/TournamentsPage')) },
  { path: '/tournaments/new', title: 'New tournament', auth: true, account: true, Page: lazy(() => import('./pages/new-tournament/NewTournamentPage')) },
  { path: '/tournaments/:id', title: 'Tournament', auth: false, account: true, Page: lazy(() => import('./pages/tournament/TournamentPage')) },
  { path: '/tournaments/:id/edit', title: 'Edit tournament', auth: true, account: true, Page: lazy(() => import('./pages/edit-tournament/EditTournamentPage')) },
  { path: '/tournaments/delete', title: 'Delete a tournament', auth: true, account: true, Page: lazy(() => import('./pages/delete-tournament/DeleteTournamentPage')) },
];

/** notFound is the screen of every path that no route matches. */
export const notFound: Screen = {
  path: '*',
  title: 'Page not found',
  auth: false,
  account: true,
  Page: lazy(() => import('./pages/not-found/NotFoundPage')),
};

/** A screen shown without the app's frame (no header, menu or tab bar), public. */
export interface BareScreen {
  path: string;
  Page: LazyExoticComponent<ComponentType>;
}

/** The screens made for a room rather than a person: the whole window is theirs. */
export const bareScreens: BareScreen[] = [{ path: '/tournaments/:id/projector', Page: lazy(() => import('./pages/tournament/ProjectorPage')) }];
