// The Ionic components the app uses, wrapped here instead of imported from @ionic/react, the
// way @ionic/react wraps them. @ionic/react is one module that imports all ~90 Ionic components
// at its top and keeps some of them (its router outlet's tabs, nav and back button) whatever the
// app uses; whatever a screen imports from it lands in the first download. Wrapped one module
// per component under ion/, free of side effects (vite.config.ts), each component lands in the
// chunks of the screens that use it and no other: the tournament list does not download the
// form fields. This file only re-exports them, so that screens import from one place (and tests
// swap them in one place). The types are @ionic/react's own.
export { IonApp } from './ion/app';
export { IonAvatar } from './ion/avatar';
export { IonButton } from './ion/button';
export { IonButtons } from './ion/buttons';
export { IonContent } from './ion/content';
export { IonFooter } from './ion/footer';
export { IonHeader } from './ion/header';
export { IonIcon } from './ion/icon';
export { IonInput } from './ion/input';
export { IonItem } from './ion/item';
export { IonLabel } from './ion/label';
export { IonList } from './ion/list';
export { IonListHeader } from './ion/listHeader';
export { IonNote } from './ion/note';
export { IonPage } from './ion/page';
export { IonRadio } from './ion/radio';
export { IonRadioGroup } from './ion/radioGroup';
export { IonRefresher } from './ion/refresher';
export { IonRefresherContent } from './ion/refresherContent';
export { IonSpinner } from './ion/spinner';
export { IonTextarea } from './ion/textarea';
export { IonTitle } from './ion/title';
export { IonToggle } from './ion/toggle';
export { IonToolbar } from './ion/toolbar';
export { askConfirm, showAlert, type Confirmation } from './ion/alert';
export { showToast } from './ion/toast';
export { setupIonic } from './ion/setup';
