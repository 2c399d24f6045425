import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonInput as InputElement, defineCustomElement } from '@ionic/core/components/ion-input.js';
import { focusEvents } from './events';

/** IonInput is @ionic/react's IonInput, wrapped by the app (see ../ionic.ts). */
export const IonInput = createComponent({
  tagName: 'ion-input',
  elementClass: InputElement,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', ...focusEvents },
  defineCustomElement,
}) as unknown as typeof IonicReact.IonInput;
