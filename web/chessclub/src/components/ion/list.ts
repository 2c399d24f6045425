import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonList as ListElement, defineCustomElement } from '@ionic/core/components/ion-list.js';

/** IonList is @ionic/react's IonList, wrapped by the app (see ../ionic.ts). */
export const IonList = createComponent({
  tagName: 'ion-list',
  elementClass: ListElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonList;
