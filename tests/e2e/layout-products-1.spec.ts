import { sweepScreens } from './support/screen-sweep';

// The first three of the six products' public twins, every tab.
sweepScreens('products-1');
