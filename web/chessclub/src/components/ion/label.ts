import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonLabel as LabelElement, defineCustomElement } from '@ionic/core/components/ion-label.js';

/** IonLabel is @ionic/react's IonLabel, wrapped by the app (see ../ionic.ts). */
export const IonLabel = createComponent({
  tagName: 'ion-label',
  elementClass: LabelElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonLabel;
