import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonButtons as ButtonsElement, defineCustomElement } from '@ionic/core/components/ion-buttons.js';

/** IonButtons is @ionic/react's IonButtons, wrapped by the app (see ../ionic.ts). */
export const IonButtons = createComponent({
  tagName: 'ion-buttons',
  elementClass: ButtonsElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonButtons;
