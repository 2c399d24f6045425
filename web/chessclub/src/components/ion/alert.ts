import { alertController, type AlertOptions } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-alert.js';

/** showAlert presents an alert, such as a confirmation with "Cancel" and "Delete" buttons. */
export async function showAlert(options: AlertOptions): Promise<void> {
  defineCustomElement();
  const alert = await alertController.create(options);
  await alert.present();
}
