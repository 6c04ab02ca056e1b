import { sweepScreens } from './support/screen-sweep';

// Each product and tool at its protected route, with a kept session: no detour, the signed-in shell.
sweepScreens('signed-in');
