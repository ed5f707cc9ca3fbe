import { describeAccessibilityAt } from './support/accessibility-walk.ts';
import { useRunningProduct } from './support/running-product.ts';

describeAccessibilityAt('mobile', useRunningProduct());
