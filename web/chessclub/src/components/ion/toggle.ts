import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonToggle as ToggleElement, defineCustomElement } from '@ionic/core/components/ion-toggle.js';
import { focusEvents } from './events';

/** IonToggle is @ionic/react's IonToggle, wrapped by the app (see ../ionic.ts). */
export const IonToggle = createComponent({
  tagName: 'ion-toggle',
  elementClass: ToggleElement,
  react: React,
  events: { onIonChange: 'ionChange', ...focusEvents },
  defineCustomElement,
}) as unknown as typeof IonicReact.IonToggle;
