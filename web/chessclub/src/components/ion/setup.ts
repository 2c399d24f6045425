import { initialize } from '@ionic/core/components';

/**
 * setupIonic configures Ionic as setupIonicReact does: its global config (the mode, from the
 * platform) and the ion-ce class, which tells Ionic's styles that the components are custom
 * elements defined on first use rather than hydrated.
 */
export function setupIonic(): void {
  document.documentElement.classList.add('ion-ce');
  initialize({});
}
