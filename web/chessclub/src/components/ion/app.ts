import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonApp as AppElement, defineCustomElement } from '@ionic/core/components/ion-app.js';

/** IonApp is @ionic/react's IonApp, wrapped by the app (see ../ionic.ts). */
export const IonApp = createComponent({
  tagName: 'ion-app',
  elementClass: AppElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonApp;
