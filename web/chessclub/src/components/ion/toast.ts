import { toastController, type ToastOptions } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-toast.js';

// The newest toast: a new one replaces it, so that an error repeated by repeated taps shows
// once, not as a stack of copies.
let current: HTMLIonToastElement | null = null;

/** visibleFooter returns the shown screen's footer (its tab bar) when it takes up space. */
function visibleFooter(): HTMLElement | undefined {
  const footer = document.querySelector<HTMLElement>('.ion-page ion-footer');
  return footer && footer.getBoundingClientRect().height > 0 ? footer : undefined;
}

/**
 * showToast presents a toast at the bottom, just above the tab bar on a phone (so that it hides
 * neither the title nor the navigation), in place of the toast already shown; it resolves once
 * the toast is on screen.
 */
export async function showToast(options: ToastOptions): Promise<void> {
  defineCustomElement();
  const footer = visibleFooter();
  const toast = await toastController.create({
    duration: 4000,
    position: 'bottom',
    ...(footer ? { positionAnchor: footer } : {}),
    ...options,
  });
  const previous = current;
  current = toast;
  void toast.onDidDismiss().then(() => {
    if (current === toast) current = null;
  });
  // The old toast slides away while the new one comes. One still being presented cannot be
  // dismissed yet: it dismisses itself below, once presented, seeing it was replaced.
  if (previous) void previous.dismiss();
  await toast.present();
  if (current !== toast) await toast.dismiss();
}
