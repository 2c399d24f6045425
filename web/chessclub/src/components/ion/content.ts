import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonContent as ContentElement, defineCustomElement } from '@ionic/core/components/ion-content.js';

/** IonContent is @ionic/react's IonContent, wrapped by the app (see ../ionic.ts). */
export const IonContent = createComponent({
  tagName: 'ion-content',
  elementClass: ContentElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonContent;
