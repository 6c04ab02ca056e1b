import type { PaletteLoader } from './palette-launcher';

/** The app's command palette, for CommandPaletteProvider: loaded on first use. */
export const loadAppPalette: PaletteLoader = () => import('./command-palette');
