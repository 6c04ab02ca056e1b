import { sweepScreens } from './support/screen-sweep';

// The last three of the six products' public twins, every tab.
sweepScreens('products-2');
