/** Part 2 of the contract fuzz (contractFuzz.ts). */
import { fuzzPart } from './contractFuzz';

fuzzPart(1);
