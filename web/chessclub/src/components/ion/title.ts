import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonTitle as TitleElement, defineCustomElement } from '@ionic/core/components/ion-title.js';

/** IonTitle is @ionic/react's IonTitle, wrapped by the app (see ../ionic.ts). */
export const IonTitle = createComponent({
  tagName: 'ion-title',
  elementClass: TitleElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonTitle;
