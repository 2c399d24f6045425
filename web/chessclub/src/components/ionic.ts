// Ionic components used only by lazily loaded screens, wrapped here instead of imported from
// @ionic/react. @ionic/react is one module: whatever a screen imports from it is bundled with it
// into the entry chunk, and with each component its styles and dependencies (ion-input brings
// ionicons, ion-alert its overlay machinery). Wrapping them here, the way @ionic/react does, puts
// them into the chunks of the screens that use them. The types are @ionic/react's own.
import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { alertController, toastController, type AlertOptions, type ToastOptions } from '@ionic/core/components';
import { defineCustomElement as defineAlert } from '@ionic/core/components/ion-alert.js';
import { IonAvatar as AvatarElement, defineCustomElement as defineAvatar } from '@ionic/core/components/ion-avatar.js';
import { IonInput as InputElement, defineCustomElement as defineInput } from '@ionic/core/components/ion-input.js';
import { IonItem as ItemElement, defineCustomElement as defineItem } from '@ionic/core/components/ion-item.js';
import { IonLabel as LabelElement, defineCustomElement as defineLabel } from '@ionic/core/components/ion-label.js';
import { IonList as ListElement, defineCustomElement as defineList } from '@ionic/core/components/ion-list.js';
import { IonListHeader as ListHeaderElement, defineCustomElement as defineListHeader } from '@ionic/core/components/ion-list-header.js';
import { IonNote as NoteElement, defineCustomElement as defineNote } from '@ionic/core/components/ion-note.js';
import { IonRadio as RadioElement, defineCustomElement as defineRadio } from '@ionic/core/components/ion-radio.js';
import { IonRadioGroup as RadioGroupElement, defineCustomElement as defineRadioGroup } from '@ionic/core/components/ion-radio-group.js';
import { IonRefresher as RefresherElement, defineCustomElement as defineRefresher } from '@ionic/core/components/ion-refresher.js';
import {
  IonRefresherContent as RefresherContentElement,
  defineCustomElement as defineRefresherContent,
} from '@ionic/core/components/ion-refresher-content.js';
import { IonTextarea as TextareaElement, defineCustomElement as defineTextarea } from '@ionic/core/components/ion-textarea.js';
import { defineCustomElement as defineToast } from '@ionic/core/components/ion-toast.js';

const focusEvents = { onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' };

export const IonAvatar = createComponent({ tagName: 'ion-avatar', elementClass: AvatarElement, react: React, defineCustomElement: defineAvatar }) as unknown as typeof IonicReact.IonAvatar;

export const IonInput = createComponent({
  tagName: 'ion-input',
  elementClass: InputElement,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', ...focusEvents },
  defineCustomElement: defineInput,
}) as unknown as typeof IonicReact.IonInput;

export const IonItem = createComponent({ tagName: 'ion-item', elementClass: ItemElement, react: React, defineCustomElement: defineItem }) as unknown as typeof IonicReact.IonItem;

export const IonLabel = createComponent({ tagName: 'ion-label', elementClass: LabelElement, react: React, defineCustomElement: defineLabel }) as unknown as typeof IonicReact.IonLabel;

export const IonList = createComponent({ tagName: 'ion-list', elementClass: ListElement, react: React, defineCustomElement: defineList }) as unknown as typeof IonicReact.IonList;

export const IonListHeader = createComponent({
  tagName: 'ion-list-header',
  elementClass: ListHeaderElement,
  react: React,
  defineCustomElement: defineListHeader,
}) as unknown as typeof IonicReact.IonListHeader;

export const IonNote = createComponent({ tagName: 'ion-note', elementClass: NoteElement, react: React, defineCustomElement: defineNote }) as unknown as typeof IonicReact.IonNote;

export const IonRadio = createComponent({
  tagName: 'ion-radio',
  elementClass: RadioElement,
  react: React,
  events: focusEvents,
  defineCustomElement: defineRadio,
}) as unknown as typeof IonicReact.IonRadio;

export const IonRadioGroup = createComponent({
  tagName: 'ion-radio-group',
  elementClass: RadioGroupElement,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement: defineRadioGroup,
}) as unknown as typeof IonicReact.IonRadioGroup;

export const IonRefresher = createComponent({
  tagName: 'ion-refresher',
  elementClass: RefresherElement,
  react: React,
  events: { onIonRefresh: 'ionRefresh', onIonPull: 'ionPull', onIonStart: 'ionStart' },
  defineCustomElement: defineRefresher,
}) as unknown as typeof IonicReact.IonRefresher;

export const IonRefresherContent = createComponent({
  tagName: 'ion-refresher-content',
  elementClass: RefresherContentElement,
  react: React,
  defineCustomElement: defineRefresherContent,
}) as unknown as typeof IonicReact.IonRefresherContent;

export const IonTextarea = createComponent({
  tagName: 'ion-textarea',
  elementClass: TextareaElement,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', ...focusEvents },
  defineCustomElement: defineTextarea,
}) as unknown as typeof IonicReact.IonTextarea;

/**
 * showToast presents a toast just above the current screen's footer (so that it hides neither
 * the title nor the navigation); it resolves once the toast is on screen.
 */
export async function showToast(options: ToastOptions): Promise<void> {
  defineToast();
  const footer = document.querySelector<HTMLElement>('.ion-page:not(.ion-page-hidden) ion-footer');
  const toast = await toastController.create({
    duration: 4000,
    position: 'bottom',
    ...(footer ? { positionAnchor: footer } : {}),
    ...options,
  });
  await toast.present();
}

/** showAlert presents an alert, such as a confirmation with "Cancel" and "Delete" buttons. */
export async function showAlert(options: AlertOptions): Promise<void> {
  defineAlert();
  const alert = await alertController.create(options);
  await alert.present();
}
