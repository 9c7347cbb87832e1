/** Part 3 of the contract fuzz (contractFuzz.ts). */
import { fuzzPart } from './contractFuzz';

fuzzPart(2);
