import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonSpinner as SpinnerElement, defineCustomElement } from '@ionic/core/components/ion-spinner.js';

/** IonSpinner is @ionic/react's IonSpinner, wrapped by the app (see ../ionic.ts). */
export const IonSpinner = createComponent({
  tagName: 'ion-spinner',
  elementClass: SpinnerElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonSpinner;
