import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonHeader as HeaderElement, defineCustomElement } from '@ionic/core/components/ion-header.js';

/** IonHeader is @ionic/react's IonHeader, wrapped by the app (see ../ionic.ts). */
export const IonHeader = createComponent({
  tagName: 'ion-header',
  elementClass: HeaderElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonHeader;
