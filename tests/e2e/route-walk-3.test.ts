/** Part 3 of the route walk (routeWalk.ts). */
import { walkPart } from './routeWalk';

walkPart(2);
