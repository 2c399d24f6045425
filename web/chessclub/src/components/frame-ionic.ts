// The Ionic components of the app's frame (header, content, navigation, error and loading
// states), which the first screen needs. The frame imports them from here, not from ionic.ts,
// which also re-exports the screens' components: a module the entry imports is part of the
// first download with everything it imports, used or not (see vite.config.ts).
export { IonApp } from './ion/app';
export { IonButton } from './ion/button';
export { IonButtons } from './ion/buttons';
export { IonContent } from './ion/content';
export { IonFooter } from './ion/footer';
export { IonHeader } from './ion/header';
export { IonIcon } from './ion/icon';
export { IonPage } from './ion/page';
export { IonSpinner } from './ion/spinner';
export { IonTitle } from './ion/title';
export { IonToolbar } from './ion/toolbar';
export { setupIonic } from './ion/setup';
