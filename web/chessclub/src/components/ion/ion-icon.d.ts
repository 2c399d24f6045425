// @ionic/core ships its own build of ion-icon (components/ion-icon.js, on Ionic's Stencil
// runtime) without a declaration file; these are the two exports the app uses.
declare module '@ionic/core/components/ion-icon.js' {
  /** The ion-icon element's class. */
  export const IonIcon: { new (): HTMLElement; prototype: HTMLElement };
  /** Defines ion-icon as a custom element, once. */
  export function defineCustomElement(): void;
}
