import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonRadio as RadioElement, defineCustomElement } from '@ionic/core/components/ion-radio.js';
import { focusEvents } from './events';

/** IonRadio is @ionic/react's IonRadio, wrapped by the app (see ../ionic.ts). */
export const IonRadio = createComponent({
  tagName: 'ion-radio',
  elementClass: RadioElement,
  react: React,
  events: focusEvents,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonRadio;
