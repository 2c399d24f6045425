import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonItem as ItemElement, defineCustomElement } from '@ionic/core/components/ion-item.js';

/** IonItem is @ionic/react's IonItem, wrapped by the app (see ../ionic.ts). */
export const IonItem = createComponent({
  tagName: 'ion-item',
  elementClass: ItemElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonItem;
