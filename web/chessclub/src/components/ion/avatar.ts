import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonAvatar as AvatarElement, defineCustomElement } from '@ionic/core/components/ion-avatar.js';

/** IonAvatar is @ionic/react's IonAvatar, wrapped by the app (see ../ionic.ts). */
export const IonAvatar = createComponent({
  tagName: 'ion-avatar',
  elementClass: AvatarElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonAvatar;
