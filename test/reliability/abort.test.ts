import { defineRows } from "./harness/define-rows.js";
import { MATRIX } from "./matrix.js";

defineRows(MATRIX.filter((row) => row.fault.startsWith("abort")));
