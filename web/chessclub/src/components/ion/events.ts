/** The focus events of Ionic's form controls, by their React prop names. */
export const focusEvents = { onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' };
