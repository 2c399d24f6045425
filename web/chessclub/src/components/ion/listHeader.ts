import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonListHeader as ListHeaderElement, defineCustomElement } from '@ionic/core/components/ion-list-header.js';

/** IonListHeader is @ionic/react's IonListHeader, wrapped by the app (see ../ionic.ts). */
export const IonListHeader = createComponent({
  tagName: 'ion-list-header',
  elementClass: ListHeaderElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonListHeader;
