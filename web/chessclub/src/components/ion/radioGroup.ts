import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonRadioGroup as RadioGroupElement, defineCustomElement } from '@ionic/core/components/ion-radio-group.js';

/** IonRadioGroup is @ionic/react's IonRadioGroup, wrapped by the app (see ../ionic.ts). */
export const IonRadioGroup = createComponent({
  tagName: 'ion-radio-group',
  elementClass: RadioGroupElement,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement,
}) as unknown as typeof IonicReact.IonRadioGroup;
