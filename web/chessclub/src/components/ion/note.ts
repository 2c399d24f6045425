import React from 'react';
import type * as IonicReact from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import { IonNote as NoteElement, defineCustomElement } from '@ionic/core/components/ion-note.js';

/** IonNote is @ionic/react's IonNote, wrapped by the app (see ../ionic.ts). */
export const IonNote = createComponent({
  tagName: 'ion-note',
  elementClass: NoteElement,
  react: React,
  defineCustomElement,
}) as unknown as typeof IonicReact.IonNote;
