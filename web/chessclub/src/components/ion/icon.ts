import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonIcon as IconElement, defineCustomElement } from '@ionic/core/components/ion-icon.js';

/**
 * IonIcon is @ionic/react's IonIcon, wrapped by the app (see ../ionic.ts). Ionic's own build of
 * ion-icon shares Ionic's Stencil runtime; ionicons' build would bring a second copy of it.
 */
export const IonIcon = createComponent({
  tagName: 'ion-icon',
  elementClass: IconElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonIcon;
