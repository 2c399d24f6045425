import type { CapacitorConfig } from '@capacitor/cli';

// The native shells (`npx cap add android|ios`) load the built web app from dist/. A native build
// talks to a remote server: build it with VITE_API_BASE=https://club.example.edu/api.
const config: CapacitorConfig = {
  appId: 'edu.campus.chessclub',
  appName: 'Chess Club',
  webDir: 'dist',
  // Local notifications use the app's own icon on Android until a dedicated status-bar icon
  // (res/drawable/ic_stat_*) is added to the native project and named here under
  // plugins.LocalNotifications.smallIcon.
};

export default config;
