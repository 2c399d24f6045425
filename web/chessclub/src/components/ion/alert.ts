import { alertController, type AlertOptions } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-alert.js';

/** showAlert presents an alert, such as a confirmation with "Cancel" and "Delete" buttons. */
export async function showAlert(options: AlertOptions): Promise<void> {
  defineCustomElement();
  const alert = await alertController.create(options);
  await alert.present();
}

/** What askConfirm asks: the question, what the action does, and the word on its button. */
export interface Confirmation {
  header: string;
  message: string;
  /** The confirming button's word: "Finish", "Withdraw". */
  confirm: string;
  /** Whether the action takes something away (its button is then red). */
  danger?: boolean;
}

/**
 * askConfirm asks before an action that cannot be undone (or not easily): an alert that says
 * what the action does, with "Cancel" and the action's own word; it resolves to true only when
 * that button was chosen, and to false on Cancel, Escape or a tap beside the alert.
 */
export async function askConfirm(c: Confirmation): Promise<boolean> {
  defineCustomElement();
  const alert = await alertController.create({
    header: c.header,
    message: c.message,
    cssClass: 'confirm-alert',
    buttons: [
      { text: 'Cancel', role: 'cancel' },
      { text: c.confirm, role: 'confirm', cssClass: c.danger ? 'alert-danger' : 'alert-confirm' },
    ],
  });
  await alert.present();
  const { role } = await alert.onDidDismiss();
  return role === 'confirm';
}
