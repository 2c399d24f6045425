import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonRefresherContent as RefresherContentElement, defineCustomElement } from '@ionic/core/components/ion-refresher-content.js';

/** IonRefresherContent is @ionic/react's IonRefresherContent, wrapped by the app (see ../ionic.ts). */
export const IonRefresherContent = createComponent({
  tagName: 'ion-refresher-content',
  elementClass: RefresherContentElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonRefresherContent;
