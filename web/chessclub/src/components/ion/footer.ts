import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonFooter as FooterElement, defineCustomElement } from '@ionic/core/components/ion-footer.js';

/** IonFooter is @ionic/react's IonFooter, wrapped by the app (see ../ionic.ts). */
export const IonFooter = createComponent({
  tagName: 'ion-footer',
  elementClass: FooterElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonFooter;
