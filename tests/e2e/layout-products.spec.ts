import { sweepScreens } from './support/screen-sweep';

// The six products' public twins, every tab.
sweepScreens('products');
