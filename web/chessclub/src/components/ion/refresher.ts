import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonRefresher as RefresherElement, defineCustomElement } from '@ionic/core/components/ion-refresher.js';

/** IonRefresher is @ionic/react's IonRefresher, wrapped by the app (see ../ionic.ts). */
export const IonRefresher = createComponent({
  tagName: 'ion-refresher',
  elementClass: RefresherElement,
  react: React,
  events: { onIonRefresh: 'ionRefresh', onIonPull: 'ionPull', onIonStart: 'ionStart' },
  defineCustomElement,
}) as unknown as typeof IonicReact.IonRefresher;
