/** Part 1 of the contract fuzz (contractFuzz.ts). */
import { fuzzPart } from './contractFuzz';

fuzzPart(0);
