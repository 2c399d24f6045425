import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonButton as ButtonElement, defineCustomElement } from '@ionic/core/components/ion-button.js';
import { focusEvents } from './events';

/** IonButton is @ionic/react's IonButton, wrapped by the app (see ../ionic.ts). */
export const IonButton = createComponent({
  tagName: 'ion-button',
  elementClass: ButtonElement,
  react: React,
  events: focusEvents,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonButton;
