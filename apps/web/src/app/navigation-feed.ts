import type { Location, NavigationType } from 'react-router';

/**
 * Every navigation of the app's router, as it happens: not when React draws it. The router hands its new location to
 * React inside a transition; when a second navigation comes before the first one's page was drawn (quick menu clicks on
 * a slow device), React draws only the last, so what reacts to drawn locations misses the ones between. The tab bar
 * opens a tab for every address the user went to, so it listens here (app/layout/use-navigation-tabs.ts).
 */
export type NavigationListener = (location: Location, action: NavigationType, previous: Location | undefined) => void;

interface RouterLike {
  state: { location: Location; historyAction: NavigationType };
  subscribe(listener: (state: { location: Location; historyAction: NavigationType }) => void): () => void;
}

const listeners = new Set<NavigationListener>();
let fed = false;

/** Called once with the app's router (app/router.tsx). */
export function feedNavigations(router: RouterLike): void {
  fed = true;
  let last = router.state.location;
  router.subscribe((state) => {
    if (state.location === last) return;
    const previous = last;
    last = state.location;
    for (const listener of listeners) listener(state.location, state.historyAction, previous);
  });
}

/** Whether a router feeds navigations (not in component tests that render under a memory router). */
export function navigationsFed(): boolean {
  return fed;
}

export function onNavigation(listener: NavigationListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
