import type { HTMLAttributes } from 'react';

/**
 * IonPage is the root of a screen, a div with Ionic's ion-page class (which lays out its header,
 * content and footer), as @ionic/react's IonPage renders outside a router outlet.
 */
export function IonPage({ className, ...rest }: HTMLAttributes<HTMLDivElement> & { 'data-route'?: string }) {
  return <div className={className ? `ion-page ${className}` : 'ion-page'} {...rest} />;
}
