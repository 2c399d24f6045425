import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonTextarea as TextareaElement, defineCustomElement } from '@ionic/core/components/ion-textarea.js';
import { focusEvents } from './events';

/** IonTextarea is @ionic/react's IonTextarea, wrapped by the app (see ../ionic.ts). */
export const IonTextarea = createComponent({
  tagName: 'ion-textarea',
  elementClass: TextareaElement,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', ...focusEvents },
  defineCustomElement,
}) as unknown as typeof IonicReact.IonTextarea;
