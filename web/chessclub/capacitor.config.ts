import type { CapacitorConfig } from '@capacitor/cli';

// The native shells (`npx cap add android|ios`) load the built web app from dist/. A native build
// talks to a remote server: build it with VITE_API_BASE=https://club.example.edu/api.
const config: CapacitorConfig = {
  appId: 'edu.campus.chessclub',
  appName: 'Chess Club',
  webDir: 'dist',
  plugins: {
    LocalNotifications: {
      smallIcon: 'ic_stat_icon_config_sample',
    },
  },
};

export default config;
