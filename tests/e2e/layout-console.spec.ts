import { sweepScreens } from './support/screen-sweep';

// The console, signed out (its public twin) and signed in: its tabs differ.
sweepScreens('console');
