import type { SecurityCase } from "../harness/case.js";
import { class1 } from "./class1-hidden-code.js";
import { class2 } from "./class2-option-grammar.js";
import { class3 } from "./class3-working-directory.js";
import { class4 } from "./class4-read-deny.js";
import { class5 } from "./class5-symlinks.js";
import { class6 } from "./class6-file-lists.js";
import { class7 } from "./class7-write-targets.js";
import { class8 } from "./class8-deny-bypass.js";
import { class9 } from "./class9-bypass-safety.js";
import { class10 } from "./class10-environment.js";
import { readonlyList } from "./readonly-list.js";

/** Every case of the battery, class by class. */
export const BATTERY: readonly SecurityCase[] = [
  ...class1,
  ...class2,
  ...class3,
  ...class4,
  ...class5,
  ...class6,
  ...class7,
  ...class8,
  ...class9,
  ...class10,
  ...readonlyList,
];
