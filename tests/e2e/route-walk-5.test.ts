/** Part 5 of the route walk (routeWalk.ts). */
import { walkPart } from './routeWalk';

walkPart(4);
