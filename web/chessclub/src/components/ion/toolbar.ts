import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonToolbar as ToolbarElement, defineCustomElement } from '@ionic/core/components/ion-toolbar.js';

/** IonToolbar is @ionic/react's IonToolbar, wrapped by the app (see ../ionic.ts). */
export const IonToolbar = createComponent({
  tagName: 'ion-toolbar',
  elementClass: ToolbarElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonToolbar;
