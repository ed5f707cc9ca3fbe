import { describeAccessibilityWalk } from './support/accessibility-walk.ts';
import { useRunningProduct } from './support/running-product.ts';

describeAccessibilityWalk('states', useRunningProduct());
