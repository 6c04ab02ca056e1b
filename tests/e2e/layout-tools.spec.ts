import { sweepScreens } from './support/screen-sweep';

// The four tools' public twins, every tab.
sweepScreens('tools');
